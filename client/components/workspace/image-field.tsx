import { useId } from "react";
import type { ContentKind, FieldSpec } from "#shared/content-fields.ts";
import type { Image } from "#client/lib/workspace-content.ts";
import { ImageFileField, TextField } from "./fields";
import { altKeyDown, UploadProgress, useChosenUpload } from "./use-chosen-upload";

/**
 * A content item's image: a thumbnail of the current one, its alt text (where the item
 * keeps one: needed before the file goes), and a file that uploads as soon as it is
 * chosen, with its progress and a Cancel (use-chosen-upload.tsx). The upload goes through
 * the server's checks and conversion at once; the item names it when saved.
 */
export function ImageField({
  kind,
  field,
  image,
  alt,
  altLabel,
  error,
  altError,
  onUploaded,
  onAltChange,
  itemName,
}: {
  kind: ContentKind;
  field: FieldSpec;
  image: Image | undefined;
  /** Undefined: the page writes this image's alt text itself (a case study's logo). */
  alt: string | undefined;
  altLabel?: string;
  error?: string;
  altError?: string;
  onUploaded(image: Image, alt: string | undefined): void;
  onAltChange?(alt: string): void;
  /** What the item is called in "Save the … to show it": "project", "post". */
  itemName: string;
}) {
  const fileId = useId();
  const subject = field.label.toLowerCase();
  const chosen = useChosenUpload({
    kind,
    field: field.key,
    alt,
    subject,
    onUploaded(uploaded) {
      onUploaded(uploaded.image, uploaded.alt);
      chosen.setStatus(`${field.label} uploaded. Save the ${itemName} to show it.`);
    },
  });
  return (
    <fieldset className="space-y-3 rounded-card border border-line p-4">
      <legend className="px-1 font-medium text-ink">{field.label}</legend>
      {image ? (
        <img
          src={image.src}
          width={image.width}
          height={image.height}
          alt={alt ? `Current ${subject}: ${alt}` : `Current ${subject}`}
          className="h-32 w-auto max-w-full rounded-control border border-line object-contain"
        />
      ) : (
        <p className="text-ink-soft">No {subject} yet.</p>
      )}
      {alt !== undefined && onAltChange ? (
        <TextField
          label={altLabel ?? "Alt text"}
          name={`${field.key}-alt`}
          value={alt}
          onChange={(event) => onAltChange(event.target.value)}
          onBlur={chosen.altDone}
          onKeyDown={altKeyDown(chosen.altDone, chosen.upload.state === "waiting-for-alt")}
          description="What the image shows, for people who cannot see it. Needed before the file uploads."
          error={chosen.errors.alt || altError}
          required
        />
      ) : null}
      <ImageFileField
        key={chosen.inputKey}
        id={fileId}
        label={image ? `Replace the ${subject}` : `Choose the ${subject}`}
        description={`PNG, JPEG, WebP or AVIF, at most 10 MB; ${field.help}. It uploads as soon as you choose it.`}
        error={chosen.errors.file || error}
        onFile={chosen.choose}
      />
      <UploadProgress upload={chosen.upload} subject={subject} cancel={chosen.cancel} />
      <p role="status" className="text-sm text-ink-soft">
        {chosen.status}
      </p>
    </fieldset>
  );
}
