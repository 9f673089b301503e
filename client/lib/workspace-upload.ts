import type { ContentKind } from "#shared/content-fields.ts";
import { signInPath, STAFF_API } from "#shared/staff-paths.ts";
import { readCsrfToken } from "./workspace-api";
import type { UploadedImage } from "./workspace-content";

/**
 * A content image uploaded with its progress reported as it goes: XMLHttpRequest, since
 * fetch reports no upload progress. The workspace's upload endpoint, body and CSRF token;
 * answers the stored image, or messages by field.
 */

/** What the server takes (server/platform/uploads.ts, server/operations/images/images.ts). */
export const uploadRules = {
  types: ["image/png", "image/jpeg", "image/webp", "image/avif"],
  maxBytes: 10 * 1024 * 1024,
} as const;

export type UploadAnswer =
  | { ok: true; uploaded: UploadedImage }
  | { ok: false; errors: Record<string, string> }
  | { ok: false; cancelled: true };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Why a file will not do, before sending it: its type or its size. */
export function checkImageFile(file: File): string | undefined {
  if (!(uploadRules.types as readonly string[]).includes(file.type))
    return `“${file.name}” is not a PNG, JPEG, WebP or AVIF image. Choose one of those.`;
  if (file.size > uploadRules.maxBytes)
    return `“${file.name}” is ${megabytes(file.size)}; the limit is ${megabytes(uploadRules.maxBytes)}. Choose a smaller file.`;
  return undefined;
}

export function uploadImageWithProgress(
  kind: ContentKind,
  field: string,
  /** Undefined: an image whose alt text the page writes itself (a case study's logo, a social card). */
  alt: string | undefined,
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<UploadAnswer> {
  const query = new URLSearchParams({ field });
  if (alt !== undefined) query.set("alt", alt);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${STAFF_API}/uploads/${kind}?${query}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("X-CSRF-Token", readCsrfToken());
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 401) window.location.assign(signInPath(window.location.pathname));
      const body = (xhr.response ?? {}) as Partial<UploadedImage> & {
        error?: string;
        fieldErrors?: Record<string, string>;
      };
      if (xhr.status === 201 && body.image) return resolve({ ok: true, uploaded: body as UploadedImage });
      const fieldErrors = body.fieldErrors ?? {};
      resolve({
        ok: false,
        errors: {
          ...fieldErrors,
          file:
            fieldErrors.file ?? (fieldErrors.alt ? "" : (body.error ?? `The server answered ${xhr.status}.`)),
        },
      });
    };
    xhr.onerror = () => resolve({ ok: false, errors: { file: "Could not reach the server. Try again." } });
    xhr.onabort = () => resolve({ ok: false, cancelled: true });
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
