/**
 * Human output: aligned tables and key/value details (dates in the agency's time zone:
 * server/operations/agency-time.ts).
 * Visitor-typed text is made printable first, so it cannot move the cursor or recolour
 * the admin's terminal.
 */

/** Control characters (C0 without tab and newline, DEL, C1) become U+FFFD. */
export function printable(text: string): string {
  let result = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const control = (code < 0x20 && char !== "\n" && char !== "\t") || (code >= 0x7f && code <= 0x9f);
    result += control ? "\uFFFD" : char;
  }
  return result;
}

/** One table cell: line breaks and tabs become spaces. */
export function cell(text: string | number | null | undefined): string {
  if (text === null || text === undefined) return "";
  return printable(String(text)).replace(/\s*[\n\t]\s*/g, " ");
}

/** Characters as the terminal counts them (code points, not UTF-16 units). */
function displayWidth(text: string): number {
  return [...text].length;
}

function padEnd(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

export type Column<Row> = { header: string; value: (row: Row) => string | number | null | undefined };

/** A list's columns, with the bot trap each row tripped when the list shows `--suspected` rows. */
export function withSuspicion<Row extends { suspectedSpam: string | null }>(
  columns: Column<Row>[],
  suspected: boolean | undefined,
): Column<Row>[] {
  return suspected ? [...columns, { header: "SUSPECTED", value: (row) => row.suspectedSpam }] : columns;
}

/** Columns separated by two spaces, padded to the widest cell; no trailing spaces. */
export function formatTable<Row>(columns: Column<Row>[], rows: readonly Row[]): string {
  const cells = [
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((c) => cell(c.value(row)))),
  ];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => displayWidth(line[index] ?? ""))));
  return cells
    .map((line) =>
      line
        .map((text, index) => padEnd(text, widths[index] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** "Label: value" lines with the values aligned; multi-line values stay indented under their first line. */
export function formatDetails(pairs: [label: string, value: string | number | null | undefined][]): string {
  const width = Math.max(...pairs.map(([label]) => displayWidth(label))) + 1;
  return pairs
    .map(([label, value]) => {
      const text = value === null || value === undefined || value === "" ? "-" : printable(String(value));
      const indent = " ".repeat(width + 1);
      return `${padEnd(`${label}:`, width)} ${text.replace(/\r?\n/g, `\n${indent}`)}`;
    })
    .join("\n");
}
