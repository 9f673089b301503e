import { WorkspaceApiError } from "#client/lib/workspace-api.ts";

/** The sentence to show for a failed call: the API's own, or that the server was not reached. */
export function apiMessage(error: unknown): string {
  return error instanceof WorkspaceApiError ? error.message : "Could not reach the server. Try again.";
}
