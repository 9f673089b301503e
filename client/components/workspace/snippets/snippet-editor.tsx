/** A page's search snippet form: its description and social image beside their live preview. */
import { useId, useState } from "react";
import type { Image } from "#shared/content-types.ts";
import { socialImagePath } from "#shared/social-cards.ts";
import { snippetLengths, snippetTitle } from "#shared/snippet-pages.ts";
import { staffPaths } from "#shared/staff-paths.ts";
import { useSiteSettings } from "#client/lib/root-data.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import { uploadSocialImage, type PageSnippetView } from "#client/lib/workspace-snippets.ts";
import { Button, ButtonLink } from "#client/components/workspace/button.tsx";
import { ImageFileField, TextAreaField } from "#client/components/workspace/fields.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { SearchSnippetPreview } from "#client/components/workspace/search-snippet-preview.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";

export function SnippetEditor({ snippet }: { snippet: PageSnippetView }) {
  const settings = useSiteSettings();
  const fileId = useId();
  const [description, setDescription] = useState(snippet.saved.description ?? "");
  const [image, setImage] = useState<Image | undefined>(snippet.saved.image);
  // The file's problem, said as it is chosen; a save's are the form's own.
  const [fileError, setFileError] = useState("");
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  const [stored, setStored] = useState(() =>
    JSON.stringify([snippet.saved.description ?? "", snippet.saved.image]),
  );
  const {
    error: problem,
    fieldErrors,
    attempt,
    busy: saving,
    formProps,
  } = useFormSave(
    async () => {
      setFileError("");
      await workspaceFetch(`/snippets/${encodeURIComponent(snippet.page)}`, {
        body: { json: { description, ...(image ? { image } : {}) } },
      });
      setSaved(true);
      setStored(JSON.stringify([description, image]));
      toast({ variant: "success", title: `Saved the search snippet of ${snippet.title}` });
    },
    { dirty: JSON.stringify([description, image]) !== stored },
  );
  const errors = fileError ? { ...fieldErrors, file: fileError } : fieldErrors;

  async function upload(file: File | null) {
    if (!file) return;
    setUploading(true);
    const result = await uploadSocialImage(file);
    setUploading(false);
    setFileError(result.ok ? "" : result.error);
    if (result.ok) setImage(result.image);
  }

  const shown = description.trim().replace(/\s+/g, " ") || snippet.defaultDescription;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <form {...formProps} noValidate className="min-w-0 space-y-6">
        <ErrorSummary problem={problem} errors={errors} attempt={attempt} />
        <TextAreaField
          label="Description"
          name="description"
          rows={4}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            setSaved(false);
          }}
          required={false}
          error={errors.description}
          description={`${description.length} of at most ${snippetLengths.descriptionMax} characters; search results show about ${snippetLengths.descriptionCut}. Empty: the page's own, “${snippet.defaultDescription}”`}
        />
        <fieldset className="space-y-3 rounded-card border border-line p-4">
          <legend className="px-1 font-medium text-ink">Social image</legend>
          <p className="text-sm text-ink-soft">
            {image ? "This page's own image for shared links." : "The page's own card, made with the site."}
          </p>
          <ImageFileField
            id={fileId}
            label={image ? "Replace the social image" : "Upload a social image"}
            description="PNG, JPEG, WebP or AVIF, at most 10 MB; cropped to 1200×630 from the middle. It uploads when chosen."
            error={errors.file || errors.image}
            onFile={(file) => {
              setSaved(false);
              void upload(file);
            }}
          />
          {uploading ? <p role="status">Uploading…</p> : null}
          {image ? (
            <Button
              variant="secondary"
              onClick={() => {
                setImage(undefined);
                setSaved(false);
              }}
            >
              Use the page&apos;s own card
            </Button>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={saving} disabled={uploading}>
            Save snippet
          </Button>
          {saved ? (
            <ButtonLink href={snippet.path} target="_blank" rel="noopener">
              View on site<span className="sr-only"> (opens in a new tab)</span>
            </ButtonLink>
          ) : null}
          <a
            href={staffPaths.snippets}
            className="font-semibold text-brand underline-offset-4 hover:underline"
          >
            Back to all pages
          </a>
        </div>
      </form>
      <SearchSnippetPreview
        title={snippetTitle(snippet.title, settings.brandName)}
        url={new URL(snippet.path, settings.siteUrl).href}
        description={shown}
        imageSrc={image?.src ?? socialImagePath(snippet.path)}
      />
    </div>
  );
}
