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
  ) {
    super(message);
  }
}

/** `file`: an upload as the whole body (the API has no multipart parser; the server reads its type from its bytes). */
type Body = { json: unknown } | { form: FormData } | { file: Blob };

/** Calls the API; a lapsed session goes to sign-in and returns here after. */
export async function workspaceFetch<T>(
  path: string,
  options: { method?: string; body?: Body } = {},
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
    );
  }
  return payload as T;
}
