/** A content item's search snippet: its description and social image beside a live preview of both. */
import type { ReactNode } from "react";
import type { ContentKind, ContentKindSpec, FieldSpec } from "#shared/content-fields.ts";
import { paths } from "#shared/paths.ts";
import { socialImagePath } from "#shared/social-cards.ts";
import { snippetLengths, snippetTitle } from "#shared/snippet-pages.ts";
import { useSiteSettings } from "#client/lib/root-data.ts";
import { TextAreaField } from "#client/components/workspace/fields.tsx";
import { SearchSnippetPreview } from "#client/components/workspace/search-snippet-preview.tsx";
import type { FormValues } from "./form-values";

/** What the item's page shows when no snippet is saved (client/routes/news-article.tsx, case-study.tsx). */
function pageOf(kind: ContentKind, values: FormValues, id: string) {
  const text = values.text;
  if (kind === "news") {
    const image = values.images.image?.src;
    return {
      title: text.title ?? "",
      path: paths.newsArticle(id),
      description: text.excerpt ?? "",
      image: image && !image.endsWith(".svg") ? image : undefined,
    };
  }
  const client = text.clientName ?? "";
  return {
    title: `${client} Case Study`,
    path: paths.caseStudy(id),
    description: `How we helped ${client}: ${text.title ?? ""}. What ${client} does and what we contributed this year.`,
    image: undefined,
  };
}

export function SearchSnippetFieldset({
  kind,
  spec,
  id,
  values,
  setText,
  errors,
  renderField,
}: {
  kind: ContentKind;
  spec: ContentKindSpec;
  /** The item's id; empty for a new one, whose address is not known yet. */
  id: string;
  values: FormValues;
  setText: (key: string, value: string) => void;
  errors: Record<string, string>;
  /** How the form draws a field: the social image is drawn as its other images are. */
  renderField: (field: FieldSpec) => ReactNode;
}) {
  const settings = useSiteSettings();
  const fields = spec.fields.filter((field) => field.snippet);
  if (fields.length === 0) return null;
  const own = pageOf(kind, values, id || "new");
  const typed = values.text.meta_description ?? "";
  const description = typed.trim().replace(/\s+/g, " ") || own.description;
  const image = values.images.social_image?.src ?? own.image ?? socialImagePath(own.path);
  return (
    <fieldset className="min-w-0 space-y-4 rounded-card border border-line p-4">
      <legend className="px-1 font-medium text-ink">Search snippet</legend>
      <p className="text-sm text-ink-soft">
        What search results and shared links show of this {spec.one}&apos;s page. Left empty, they show its
        own text and image.
      </p>
      {fields.map((field) =>
        field.type === "image" ? (
          renderField(field)
        ) : (
          <TextAreaField
            key={field.key}
            label={field.label}
            name={field.key}
            rows={3}
            value={typed}
            onChange={(event) => setText(field.key, event.target.value)}
            error={errors[field.key]}
            required={false}
            description={`${typed.length} of at most ${snippetLengths.descriptionMax} characters; search results show about ${snippetLengths.descriptionCut}. Empty: the page's own.`}
          />
        ),
      )}
      <SearchSnippetPreview
        title={snippetTitle(own.title, settings.brandName)}
        url={new URL(own.path, settings.siteUrl).href}
        description={description}
        imageSrc={image}
      />
    </fieldset>
  );
}
