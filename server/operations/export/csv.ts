import { stringify } from "csv-stringify/sync";

export type CsvValue = string | number | boolean | null | undefined;

/**
 * RFC 4180 CSV (CRLF line ends; fields with commas, quotes or line breaks quoted, quotes
 * doubled) that is safe to open in a spreadsheet: a cell starting with = + - @, a tab or
 * a carriage return gets a leading single quote, so visitor text like
 * `=HYPERLINK(...)` is shown, never run. Numbers stay numbers. A UTF-8 byte order mark
 * makes Excel read accented names correctly.
 */
export function toCsv<Row extends Record<string, CsvValue>>(
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): string {
  return stringify([...rows], {
    bom: true,
    header: true,
    columns: [...columns],
    record_delimiter: "windows",
    // Setting record_delimiter turns off quoting of a lone \n or \r; a field with
    // either must still be quoted or a parser would split the record.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { boolean: (value) => (value ? "true" : "false") },
  });
}
