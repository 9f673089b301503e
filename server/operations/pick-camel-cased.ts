/**
 * A record's fields straight from a row's columns, renamed from the database's snake_case
 * to the camelCase that `--json`, the export and the workspace show: one list of columns
 * then says which fields a record has, in which order, and what each holds.
 */

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/** The row's `Column`s under their camelCase names. */
export type CamelCased<Row, Column extends keyof Row & string> = {
  [Name in Column as CamelCase<Name>]: Row[Name];
};

export function camelCase<Name extends string>(name: Name): CamelCase<Name> {
  // The cast restates what the type above computes: the regex makes the same rename.
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as CamelCase<Name>;
}

/** The named columns of a row, in the order named, under their camelCase names. */
export function pickCamelCased<Row, Column extends keyof Row & string>(
  row: Row,
  columns: readonly Column[],
): CamelCased<Row, Column> {
  // Built key by key, so its type is known only once complete.
  const picked: Record<string, unknown> = {};
  for (const column of columns) picked[camelCase(column)] = row[column];
  return picked as CamelCased<Row, Column>;
}
