import { signInPath, STAFF_API } from "#shared/staff-paths.ts";

/**
 * The workspace pages' calls to /admin/api. Every state-changing call carries the
 * session's CSRF token, which the workspace layout hands over from its loader.
 */
let csrfToken = "";

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** For a call made without workspaceFetch (an upload that reports its progress). */
export function readCsrfToken(): string {
  return csrfToken;
}

/** A refusal the API explained: its message is written for the member of staff to read. */
export class WorkspaceApiError extends Error {
  override name = "WorkspaceApiError";
  constructor(
    message: string,
    readonly status: number,
    /** Per-field messages, when the API gives them (a content form). */
    readonly fieldErrors: Record<string, string> = {},
    /** The change needs a fresh "Confirm it's you" first (server/workspace/step-up.ts). */
    readonly stepUp = false,
    /** The whole answer, for a refusal that brings more than words (a newer version to compare). */
    readonly payload: unknown = undefined,
  ) {
    super(message);
  }
}

/**
 * Signing in again over the page, when a call finds the session ended
 * (client/components/workspace/session-renewal.tsx): resolves true once signed in, false
 * when the person chose not to. While none is set, a lapsed session goes to the sign-in page.
 */
let renewSession: (() => Promise<boolean>) | null = null;
let renewing: Promise<boolean> | null = null;

export function setSessionRenewal(renew: (() => Promise<boolean>) | null): void {
  renewSession = renew;
}

/** One sign-in for every call that found the session ended at once. */
function renewOnce(renew: () => Promise<boolean>): Promise<boolean> {
  renewing ??= renew().finally(() => {
    renewing = null;
  });
  return renewing;
}

export const SIGNED_OUT_MESSAGE =
  "You are signed out, so this was not saved. Sign in again and save: what you typed is still here.";

/** `file`: an upload as the whole body (the API has no multipart parser; the server reads its type from its bytes). */
type Body = { json: unknown } | { form: FormData } | { file: Blob };

/** Calls the API; a lapsed session goes to sign-in and returns here after. */
export async function workspaceFetch<T>(
  path: string,
  options: {
    method?: string;
    body?: Body;
    /** A call the page makes by itself (autosave, who else is here): a lapsed session only fails it. */
    quiet?: boolean;
  } = {},
): Promise<T> {
  const method = options.method ?? (options.body ? "POST" : "GET");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRF-Token"] = csrfToken;
  let body: BodyInit | undefined;
  if (options.body && "json" in options.body) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body.json);
  } else if (options.body && "file" in options.body) {
    headers["Content-Type"] = options.body.file.type || "application/octet-stream";
    body = options.body.file;
  } else if (options.body) {
    body = options.body.form;
  }
  const response = await fetch(`${STAFF_API}${path}`, { method, headers, body, credentials: "same-origin" });
  // Before a session exists (sign-in, an invitation) a 401 is the page's own answer.
  const beforeSession = path.startsWith("/sign-in") || path.startsWith("/invitations");
  if (response.status === 401 && typeof window !== "undefined" && !beforeSession) {
    if (options.quiet) throw new WorkspaceApiError(SIGNED_OUT_MESSAGE, 401);
    if (renewSession) {
      // Signed in again over the page, then the same call once more: nothing is retyped.
      if (!(await renewOnce(renewSession))) throw new WorkspaceApiError(SIGNED_OUT_MESSAGE, 401);
      const session = await workspaceFetch<{ csrfToken: string }>("/session", { quiet: true });
      setCsrfToken(session.csrfToken);
      return workspaceFetch<T>(path, { ...options, quiet: true });
    }
    window.location.assign(signInPath(window.location.pathname + window.location.search));
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const { error, fieldErrors, stepUp } = (payload ?? {}) as {
      error?: string;
      fieldErrors?: Record<string, string>;
      stepUp?: boolean;
    };
    throw new WorkspaceApiError(
      error ?? `The server answered ${response.status}.`,
      response.status,
      fieldErrors,
      stepUp === true,
      payload,
    );
  }
  return payload as T;
}
