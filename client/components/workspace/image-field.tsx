import { useId, useState } from "react";
import type { ContentKind, FieldSpec } from "#shared/content-fields.ts";
import { uploadContentImage, type Image } from "#client/lib/workspace-content.ts";
import { Button } from "./button";
import { ImageFileField, TextField } from "./fields";

/**
 * A content item's image: a thumbnail of the current one, its alt text (where the item
 * keeps one: required before an upload), and a file to upload. The upload goes through
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
}) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploadErrors, setUploadErrors] = useState<Record<string, string>>({});

  async function upload() {
    if (!file) {
      setUploadErrors({ file: "Choose an image file first." });
      return;
    }
    setBusy(true);
    const result = await uploadContentImage(kind, field.key, alt, file);
    setBusy(false);
    setUploadErrors(result.ok ? {} : result.errors);
    if (result.ok) onUploaded(result.uploaded.image, result.uploaded.alt);
  }

  const fileError = uploadErrors.file || error;
  return (
    <fieldset className="space-y-3 rounded-card border border-line p-4">
      <legend className="px-1 font-medium text-ink">{field.label}</legend>
      {image ? (
        <img
          src={image.src}
          width={image.width}
          height={image.height}
          alt={alt ? `Current image: ${alt}` : `Current ${field.label.toLowerCase()}`}
          className="h-32 w-auto rounded-control border border-line object-contain"
        />
      ) : (
        <p className="text-ink-soft">No image yet.</p>
      )}
      {alt !== undefined && onAltChange ? (
        <TextField
          label={altLabel ?? "Alt text"}
          name={`${field.key}-alt`}
          value={alt}
          onChange={(event) => onAltChange(event.target.value)}
          description="What the image shows, for people who cannot see it. Needed before you upload."
          error={uploadErrors.alt || altError}
          required
        />
      ) : null}
      <ImageFileField
        id={fileId}
        label={image ? `Replace the ${field.label.toLowerCase()}` : `Upload the ${field.label.toLowerCase()}`}
        description={`PNG, JPEG, WebP or AVIF, at most 10 MB; ${field.help}.`}
        error={fileError}
        onFile={setFile}
      />
      <Button variant="secondary" busy={busy} onClick={() => void upload()}>
        Upload image
      </Button>
    </fieldset>
  );
}
