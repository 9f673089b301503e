import { describe, expect, it } from "vitest";
import { wholeLines, withWholeTextLines } from "./plain-text-part";

describe("the plain-text part as written", () => {
  it("keeps a long link whole and sends ASCII as 7bit, other letters as 8bit", () => {
    const link = `https://www.example.co.za/admin/invitation#${"a".repeat(120)}`;
    const ascii = withWholeTextLines({ text: `Your link:\n${link}\n` });
    expect(ascii.text).toEqual({
      raw: `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n\r\nYour link:\r\n${link}\r\n`,
    });
    const accented = withWholeTextLines({ text: `Molo Zoë\n${link}` });
    expect(JSON.stringify(accented.text)).toContain("Content-Transfer-Encoding: 8bit");
    expect(withWholeTextLines({ html: "<p>only HTML</p>" })).toEqual({ html: "<p>only HTML</p>" });
  });

  it("breaks only a line over SMTP's 998 octets, at its last space that fits", () => {
    const words = Array.from({ length: 300 }, (_, i) => `wörd${i}`).join(" ");
    const lines = wholeLines(words).split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(998);
    expect(lines.join(" ")).toBe(words);
    const unbroken = "x".repeat(2500);
    expect(
      wholeLines(unbroken)
        .split("\r\n")
        .map((line) => line.length),
    ).toEqual([998, 998, 504]);
  });
});
