import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { ContentKind } from "#shared/content-fields.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import type { BodyImage } from "#client/lib/workspace-content.ts";
import { AltTextField } from "./alt-text-field";
import { altKeyDown, UploadProgress, useChosenUpload } from "./use-chosen-upload";
import { ImageFileField, TextAreaField } from "./fields";

type Tab = "write" | "preview";

/**
 * Markdown (an article's body, the privacy policy) with a Write and a Preview tab. The preview is the server's own
 * rendering (the renderer the article page uses), so what shows is what visitors get:
 * raw HTML as text, only safe links, only images uploaded with the article. An image is
 * added by uploading it with its alt text; the Markdown then names it (only where `kind`
 * names the content it belongs to: a page's copy has no images).
 */
export function MarkdownField({
  kind,
  label,
  name,
  value,
  onChange,
  bodyImages,
  onImageAdded,
  error,
  required,
  hint,
  maxLength,
}: {
  kind?: ContentKind;
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  bodyImages?: BodyImage[];
  onImageAdded?(image: BodyImage): void;
  error?: string;
  required: boolean;
  /** Said under the field after how Markdown is written. */
  hint?: string;
  maxLength?: number;
}) {
  const id = useId();
  const [tab, setTab] = useState<Tab>("write");
  const [html, setHtml] = useState("");
  const [previewProblem, setPreviewProblem] = useState("");
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ write: null, preview: null });

  async function show(next: Tab) {
    setTab(next);
    if (next !== "preview") return;
    setPreviewProblem("");
    try {
      const rendered = await workspaceFetch<{ html: string }>("/content/preview", {
        body: { json: { markdown: value, bodyImages: bodyImages ?? [] } },
      });
      setHtml(rendered.html);
    } catch (caught) {
      setPreviewProblem(caught instanceof WorkspaceApiError ? caught.message : "Could not reach the server.");
    }
  }

  // Tabs pattern: arrow keys move between the two tabs.
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next: Tab = tab === "write" ? "preview" : "write";
    tabs.current[next]?.focus();
    void show(next);
  }

  const tabButton = (which: Tab, text: string) => (
    <button
      ref={(element) => {
        tabs.current[which] = element;
      }}
      type="button"
      role="tab"
      id={`${id}-${which}-tab`}
      aria-selected={tab === which}
      aria-controls={`${id}-${which}`}
      tabIndex={tab === which ? 0 : -1}
      onClick={() => void show(which)}
      onKeyDown={onKeyDown}
      className="min-h-11 rounded-t-control border border-b-0 border-line px-4 py-2 font-medium text-ink-soft aria-selected:bg-surface aria-selected:text-ink"
    >
      {text}
    </button>
  );

  return (
    <div>
      <div role="tablist" aria-label={`${label}: write or preview`} className="flex gap-1">
        {tabButton("write", "Write")}
        {tabButton("preview", "Preview")}
      </div>
      <div role="tabpanel" id={`${id}-write`} aria-labelledby={`${id}-write-tab`} hidden={tab !== "write"}>
        <TextAreaField
          label={label}
          name={name}
          value={value}
          rows={14}
          onChange={(event) => onChange(event.target.value)}
          description={[
            "Markdown: ## for a heading, **bold**, [words](https://link), a blank line between paragraphs.",
            hint,
          ]
            .filter(Boolean)
            .join(" ")}
          error={error}
          required={required}
          limit={maxLength}
          className="font-mono"
        />
        {kind ? (
          <BodyImageUpload
            kind={kind}
            onAdded={(image, alt) => {
              onImageAdded?.(image);
              onChange(`${value.trimEnd()}\n\n![${alt}](${image.src})\n`);
            }}
          />
        ) : null}
      </div>
      <div
        role="tabpanel"
        id={`${id}-preview`}
        aria-labelledby={`${id}-preview-tab`}
        hidden={tab !== "preview"}
        className="rounded-card border border-line bg-surface p-5"
      >
        {previewProblem ? (
          <p role="alert" className="text-danger">
            {previewProblem}
          </p>
        ) : (
          // The server's renderer escapes raw HTML and drops unsafe links, as on the article's page.
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </div>
    </div>
  );
}

function BodyImageUpload({
  kind,
  onAdded,
}: {
  kind: ContentKind;
  onAdded(image: BodyImage, alt: string): void;
}) {
  const fileId = useId();
  const [alt, setAlt] = useState("");
  const chosen = useChosenUpload({
    kind,
    field: "body",
    alt,
    subject: "image",
    onUploaded(uploaded) {
      onAdded(uploaded.image, uploaded.alt ?? alt);
      chosen.setStatus(`Image added at the end of the article as ![${uploaded.alt ?? alt}](…).`);
      setAlt("");
    },
  });

  return (
    <fieldset className="mt-3 space-y-3 rounded-card border border-line p-4">
      <legend className="px-1 font-medium text-ink">Image inside the article</legend>
      <AltTextField
        name="body-image-alt"
        subject="image"
        value={alt}
        onValue={setAlt}
        onBlur={chosen.altDone}
        onKeyDown={altKeyDown(chosen.altDone, chosen.upload.state === "waiting-for-alt")}
        error={chosen.errors.alt}
      />
      <ImageFileField
        key={chosen.inputKey}
        id={fileId}
        label="Image file"
        description="PNG, JPEG, WebP or AVIF, at most 10 MB. It uploads as soon as you choose it, and the article names it where it ends."
        error={chosen.errors.file}
        onFile={chosen.choose}
      />
      <UploadProgress upload={chosen.upload} subject="image" cancel={chosen.cancel} />
      <p role="status" className="text-sm text-ink-soft">
        {chosen.status}
      </p>
    </fieldset>
  );
}
