/** True for a `postgres://` or `postgresql://` URL (anything else is a SQLite file path). */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\/\S+$/.test(location);
}
