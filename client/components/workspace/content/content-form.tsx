/** A content item's form, built from the kind's fields: creates a draft or saves the item's changes. */
import { contentIdLabels, type ContentKind, type FieldSpec } from "#shared/content-fields.ts";
import { paths } from "#shared/paths.ts";
import { slugify } from "#shared/slug.ts";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { useSiteSettings } from "#client/lib/root-data.ts";
import { workspaceFetch } from "#client/lib/workspace-api.ts";
import type { BodyImage, ContentEditing, ContentRecord } from "#client/lib/workspace-content.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useStaff } from "#client/components/workspace/use-staff.ts";
import {
  ConflictPanel,
  EditingNotices,
  SaveStatus,
} from "#client/components/workspace/editing/editing-panels.tsx";
import { submitWith, useSaveRefusal } from "#client/components/workspace/editing/save-refusal.ts";
import { useEditing, type EditorState } from "#client/components/workspace/editing/use-editing.ts";
import { ContentField } from "./content-field";
import { initialValues, toFields, type FormValues } from "./form-values";
import { SearchSnippetFieldset } from "./search-snippet-fieldset";

/** What the form keeps as a draft: its values and an article's images. */
type Kept = { values: FormValues; bodyImages: BodyImage[] };

/** The draft kept last time, when it is one of this form's. */
function keptDraft(editing: EditorState | null): Kept | undefined {
  const document = editing?.draft?.document as Partial<Kept> | undefined;
  if (!document?.values || typeof document.values !== "object" || !Array.isArray(document.bodyImages))
    return undefined;
  const { text, images } = document.values;
  if (typeof text !== "object" || typeof images !== "object") return undefined;
  return { values: { text: { ...text }, images: { ...images } }, bodyImages: document.bodyImages };
}

/** Where a news post's or case study's page is, by its id; a project has no page of its own. */
const pageOfItem: Partial<Record<ContentKind, (id: string) => string>> = {
  news: paths.newsArticle,
  "case-studies": paths.caseStudy,
};

/**
 * What the new item's id is for, and the address it makes as it is typed (or as the
 * server will make it from the title, with the same rule) so nobody needs to know the word.
 */
function IdHint({ kind, id, title }: { kind: ContentKind; id: string; title: string }) {
  const { siteUrl } = useSiteSettings();
  const pathOf = pageOfItem[kind];
  const made = id.trim() || slugify(title);
  if (!pathOf) {
    return "Lower-case words joined by hyphens, which the workspace knows it by. Leave empty to make it from the title.";
  }
  return (
    <>
      Lower-case words joined by hyphens, the end of its page&rsquo;s address. Leave empty to make it from the
      title.{" "}
      {made ? (
        <span className="wrap-anywhere">
          Its page will be at <span data-testid="item-address">{new URL(pathOf(made), siteUrl).href}</span>.
        </span>
      ) : null}
    </>
  );
}

export function ContentForm({
  kind,
  spec,
  record,
  editing = null,
  onSaved,
}: ContentEditing & { editing?: EditorState | null; onSaved?: (saved: ContentRecord) => void }) {
  const { email } = useStaff();
  const revalidator = useRevalidator();
  const [loaded] = useState<Kept>(
    () =>
      keptDraft(editing) ?? {
        values: initialValues(spec, record),
        bodyImages: Array.isArray(record?.item.body_images) ? (record.item.body_images as BodyImage[]) : [],
      },
  );
  const [values, setValues] = useState(loaded.values);
  const [bodyImages, setBodyImages] = useState<BodyImage[]>(loaded.bodyImages);
  const [id, setId] = useState("");
  const [saving, setSaving] = useState(false);
  const refusal = useSaveRefusal();
  const { problem, errors, attempt, conflict } = refusal;
  const form = useRef<HTMLFormElement>(null);
  const target = record ? `${kind}/${record.id}` : undefined;
  const kept = useEditing<Kept>({ target, email, initial: editing, values: { values, bodyImages }, loaded });
  // The alt text of an image field is edited beside its image.
  const altKeys = new Set(spec.fields.map((field) => field.altKey).filter((key) => key !== undefined));

  const setText = (key: string, value: string) =>
    setValues((old) => ({ ...old, text: { ...old.text, [key]: value } }));

  async function save(baseVersion = kept.version) {
    setSaving(true);
    await refusal.settle(
      async () => {
        const fields = toFields(spec, values, bodyImages);
        if (record) {
          const saved = await kept.whileSaving(() =>
            workspaceFetch<{ record: ContentRecord; version: number | null }>(
              `/content/${kind}/${encodeURIComponent(record.id)}`,
              { body: { json: { fields, baseVersion } } },
            ),
          );
          refusal.clear();
          kept.markSaved({ values, bodyImages }, saved.version);
          onSaved?.(saved.record);
          toast({ variant: "success", title: `Saved “${values.text.title ?? record.id}”` });
        } else {
          const created = await kept.whileSaving(() =>
            workspaceFetch<{ record: ContentRecord }>(`/content/${kind}`, {
              body: { json: { fields: { ...fields, id }, status: "draft" } },
            }),
          );
          kept.markSaved({ values, bodyImages }, undefined);
          // On to its own edit page, which loads as a page (decision 019).
          window.location.assign(staffPath(staffPaths.contentEdit, { kind, id: created.record.id }));
        }
      },
      () => setSaving(false),
    );
  }

  const onSubmit = submitWith(() => save());

  // One way to draw a field, for the form's own and the search snippet's.
  const renderField = (field: FieldSpec) => (
    <ContentField
      key={field.key}
      {...{ kind, spec, field, values, setValues, setText, errors, bodyImages, setBodyImages }}
    />
  );
  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6">
      <ErrorSummary problem={problem} errors={errors} attempt={attempt} />
      <EditingNotices
        kept={kept}
        onRestore={(restored) => {
          setValues(restored.values);
          setBodyImages(restored.bodyImages);
        }}
      />
      {conflict ? (
        <ConflictPanel
          conflict={conflict}
          mine={toFields(spec, values, bodyImages)}
          fieldName={(path) => path.split(".")[0] ?? path}
          busy={saving}
          onKeepMine={() => {
            kept.setVersion(conflict.version);
            void save(conflict.version);
          }}
          onTakeTheirs={() => {
            refusal.dismissConflict();
            void kept.discardDraft().then(() => revalidator.revalidate());
          }}
        />
      ) : null}
      {record ? null : (
        <TextField
          label={contentIdLabels[kind]}
          name="id"
          value={id}
          onChange={(event) => setId(event.target.value)}
          description={<IdHint kind={kind} id={id} title={values.text.title ?? ""} />}
          error={errors.id}
          required={false}
        />
      )}
      {spec.fields.map((field) => (altKeys.has(field.key) || field.snippet ? null : renderField(field)))}
      <SearchSnippetFieldset
        {...{ kind, spec, values, setText, errors, renderField }}
        id={record?.id ?? id}
      />
      <div className="space-y-2">
        <Button type="submit" busy={saving}>
          {record ? "Save changes" : "Save as draft"}
        </Button>
        {record ? <SaveStatus status={kept.status} /> : null}
      </div>
    </form>
  );
}
