import { WorkspaceApiError } from "#client/lib/workspace-api.ts";

/**
 * Runs the browser's passkey prompt (startAuthentication, startRegistration) and turns its
 * failures into a sentence for the member of staff: the browser's own messages are
 * written for developers. The error is a WorkspaceApiError, so pages show it as they show
 * the API's.
 */
export async function withPasskeyPrompt<T>(prompt: () => Promise<T>): Promise<T> {
  try {
    return await prompt();
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : "";
    throw new WorkspaceApiError(passkeyErrorMessage(name), 0);
  }
}

function passkeyErrorMessage(name: string): string {
  switch (name) {
    case "NotAllowedError":
    case "AbortError":
      return "The passkey prompt was closed or timed out. Try again, or use your password.";
    case "InvalidStateError":
      return "This device already holds a passkey for your account.";
    case "SecurityError":
      return "Passkeys work only on the workspace's own address.";
    default:
      return "Your browser could not use a passkey here. Try again, or use your password.";
  }
}
