import type { AuditEntry } from "../workspace/audit-log";

/**
 * What a command's core answers, so the CLI and the workspace API run the same code and
 * each words the result its own way: the CLI prints and exits 1 on a failure, the API
 * answers 400, 404 or 409.
 */
export type Failure = {
  ok: false;
  /** invalid: the input is not one; not-found: no such row; conflict: not in a state for it. */
  reason: "invalid" | "not-found" | "conflict";
  message: string;
};
export type Outcome<T> = { ok: true; value: T } | Failure;

export const succeeded = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failed = (reason: Failure["reason"], message: string): Failure => ({
  ok: false,
  reason,
  message,
});

/** Who made a change, as the audit log records it: a staff address and IP, or "cli:<user>" and "cli". */
export type Actor = Pick<AuditEntry, "actor" | "ip">;
