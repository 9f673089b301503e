/** A news post's one cover image with its alt text: the file uploads as soon as it is chosen, its progress shown. */
import { useId } from "react";
import type { ContentKind, FieldSpec } from "#shared/content-fields.ts";
import type { Image } from "#client/lib/workspace-content.ts";
import { ImageFileField, TextField } from "#client/components/workspace/fields.tsx";
import {
  altKeyDown,
  UploadProgress,
  useChosenUpload,
} from "#client/components/workspace/use-chosen-upload.tsx";

/**
 * The cover, labelled so: its current picture, its alt text and a file chooser, one block
 * (the images inside the article are the Markdown field's). The file goes when chosen,
 * once the alt text is written (use-chosen-upload.tsx); saving the post shows it.
 */
export function CoverImageField({
  kind,
  field,
  image,
  alt,
  error,
  altError,
  onUploaded,
  onAltChange,
}: {
  kind: ContentKind;
  field: FieldSpec;
  image: Image | undefined;
  alt: string;
  error?: string;
  altError?: string;
  onUploaded(image: Image, alt: string | undefined): void;
  onAltChange(alt: string): void;
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
      chosen.setStatus("Cover image uploaded. Save the post to show it.");
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
          alt={alt ? `Current cover image: ${alt}` : "Current cover image"}
          className="h-32 w-auto max-w-full rounded-control border border-line object-contain"
        />
      ) : (
        <p className="text-ink-soft">No cover image yet.</p>
      )}
      <TextField
        label={`${field.label} alt text`}
        name={`${field.key}-alt`}
        value={alt}
        onChange={(event) => onAltChange(event.target.value)}
        onBlur={chosen.altDone}
        onKeyDown={altKeyDown(chosen.altDone, chosen.upload.state === "waiting-for-alt")}
        description="What the cover shows, for people who cannot see it. Needed before the file uploads."
        error={chosen.errors.alt || altError}
        required
      />
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
