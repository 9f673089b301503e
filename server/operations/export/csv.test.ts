import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

const parseBack = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

describe("toCsv", () => {
  it("writes RFC 4180: CRLF records, a header, quoted commas, quotes and line breaks", () => {
    const text = toCsv(["id", "note"], [{ id: 1, note: 'a, "b"\nc\r\nd' }]);
    expect(text).toBe('\uFEFFid,note\r\n1,"a, ""b""\nc\r\nd"\r\n');
    expect(parseBack(text)).toEqual([{ id: "1", note: 'a, "b"\nc\r\nd' }]);
  });

  it("quotes a lone carriage return, so no parser splits the record", () => {
    expect(parseBack(toCsv(["note"], [{ note: "one\rtwo" }]))).toEqual([{ note: "one\rtwo" }]);
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    const cells = [
      "=1+1",
      "+27 82 555 0142",
      "-2+3",
      "@SUM(A1)",
      "\tTab",
      "\rCR",
      '=HYPERLINK("http://x","y")',
    ];
    const rows = parseBack(
      toCsv(
        ["value"],
        cells.map((value) => ({ value })),
      ),
    );
    expect(rows.map((row) => row.value)).toEqual(cells.map((cell) => `'${cell}`));
  });

  it("leaves ordinary text and numbers alone; empty for null, words for booleans", () => {
    const rows = parseBack(
      toCsv(
        ["a", "b", "c", "d"],
        [
          { a: "Jane O'Neil", b: -5, c: null, d: true },
          { a: "x=1", b: 0, c: undefined, d: false },
        ],
      ),
    );
    expect(rows).toEqual([
      { a: "Jane O'Neil", b: "-5", c: "", d: "true" },
      { a: "x=1", b: "0", c: "", d: "false" },
    ]);
  });

  it("writes only the header for no rows", () => {
    expect(toCsv(["id"], [])).toBe("\uFEFFid\r\n");
  });
});
