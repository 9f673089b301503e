import { readdir, rm } from "node:fs/promises";
import path from "node:path";

/** The name the file transport gives an outbox row's message (server/mail/transport.ts). */
export function mailFileKey(row: { id: number; kind: string }): string {
  return `outbox-${row.id}-${row.kind}`;
}

/** Every `.eml` file in the outbox folder, by path; none when the folder does not exist (SMTP). */
export async function listMailFiles(outboxDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => path.join(outboxDir, name));
}

/** The `.eml` files written for these outbox rows. */
export async function mailFilesOf(outboxDir: string, outboxIds: readonly number[]): Promise<string[]> {
  const ids = new Set(outboxIds);
  return (await listMailFiles(outboxDir)).filter((file) => {
    const id = /^outbox-(\d+)-/.exec(path.basename(file))?.[1];
    return id !== undefined && ids.has(Number(id));
  });
}

/** Removes files; one already gone is not an error. */
export async function removeFiles(files: readonly string[]): Promise<void> {
  for (const file of files) await rm(file, { force: true });
}
