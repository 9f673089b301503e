import type { Image } from "#shared/content-types.ts";
import type { PageSnippetView } from "#shared/page-snippets.ts";
import { workspaceFetch, WorkspaceApiError } from "./workspace-api";

/** The workspace's side of /admin/api/snippets (server/workspace/snippet-routes.ts). */
export type { PageSnippetView };

export function loadPageSnippets(): Promise<{ pages: PageSnippetView[] }> {
  return workspaceFetch<{ pages: PageSnippetView[] }>("/snippets");
}

export function loadPageSnippet(page: string): Promise<{ snippet: PageSnippetView }> {
  return workspaceFetch<{ snippet: PageSnippetView }>(`/snippets/${encodeURIComponent(page)}`);
}

/** Uploads a social image (cropped to 1200×630 by the server): the image, or the message to show under the file input. */
export async function uploadSocialImage(
  file: File,
): Promise<{ ok: true; image: Image } | { ok: false; error: string }> {
  try {
    const { image } = await workspaceFetch<{ image: Image }>("/snippets/images", { body: { file } });
    return { ok: true, image };
  } catch (caught) {
    if (!(caught instanceof WorkspaceApiError))
      return { ok: false, error: "Could not reach the server. Try again." };
    return { ok: false, error: caught.fieldErrors.file ?? caught.message };
  }
}
