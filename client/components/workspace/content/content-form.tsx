/** A content item's form, built from the kind's fields: creates a draft or saves the item's changes. */
import type { FieldSpec } from "#shared/content-fields.ts";
import { useState, type FormEvent } from "react";
import { staffPath, staffPaths } from "#shared/staff-paths.ts";
import { workspaceFetch, WorkspaceApiError } from "#client/lib/workspace-api.ts";
import type { BodyImage, ContentEditing, ContentRecord } from "#client/lib/workspace-content.ts";
import { apiMessage } from "#client/components/workspace/api-message.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { TextField } from "#client/components/workspace/fields.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { ContentField } from "./content-field";
import { initialValues, toFields } from "./form-values";
import { SearchSnippetFieldset } from "./search-snippet-fieldset";

export function ContentForm({
  kind,
  spec,
  record,
  onSaved,
}: ContentEditing & { onSaved?: (saved: ContentRecord) => void }) {
  const [values, setValues] = useState(() => initialValues(spec, record));
  const [bodyImages, setBodyImages] = useState<BodyImage[]>(() =>
    Array.isArray(record?.item.body_images) ? (record.item.body_images as BodyImage[]) : [],
  );
  const [id, setId] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);
  // The alt text of an image field is edited beside its image.
  const altKeys = new Set(spec.fields.map((field) => field.altKey).filter((key) => key !== undefined));

  const setText = (key: string, value: string) =>
    setValues((old) => ({ ...old, text: { ...old.text, [key]: value } }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setProblem("");
    try {
      const fields = toFields(spec, values, bodyImages);
      if (record) {
        const saved = await workspaceFetch<{ record: ContentRecord }>(
          `/content/${kind}/${encodeURIComponent(record.id)}`,
          { body: { json: { fields } } },
        );
        setErrors({});
        onSaved?.(saved.record);
        toast({ variant: "success", title: `Saved “${values.text.title ?? record.id}”` });
      } else {
        const created = await workspaceFetch<{ record: ContentRecord }>(`/content/${kind}`, {
          body: { json: { fields: { ...fields, id }, status: "draft" } },
        });
        // On to its own edit page, which loads as a page (decision 019).
        window.location.assign(staffPath(staffPaths.contentEdit, { kind, id: created.record.id }));
      }
    } catch (caught) {
      // Not reached: the fields keep the messages they had.
      if (caught instanceof WorkspaceApiError) setErrors(caught.fieldErrors);
      setProblem(apiMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  // One way to draw a field, for the form's own and the search snippet's.
  const renderField = (field: FieldSpec) => (
    <ContentField
      key={field.key}
      {...{ kind, spec, field, values, setValues, setText, errors, bodyImages, setBodyImages }}
    />
  );
  return (
    <form onSubmit={(event) => void save(event)} noValidate className="max-w-3xl space-y-6">
      {problem ? <Notice tone="danger">{problem}</Notice> : null}
      {errors.form ? <Notice tone="danger">{errors.form}</Notice> : null}
      {record ? null : (
        <TextField
          label="Id"
          name="id"
          value={id}
          onChange={(event) => setId(event.target.value)}
          description="Lower-case words joined by hyphens, used in its address. Leave empty to make it from the title."
          error={errors.id}
          required={false}
        />
      )}
      {spec.fields.map((field) => (altKeys.has(field.key) || field.snippet ? null : renderField(field)))}
      <SearchSnippetFieldset
        {...{ kind, spec, values, setText, errors, renderField }}
        id={record?.id ?? id}
      />
      <Button type="submit" busy={saving}>
        {record ? "Save changes" : "Save as draft"}
      </Button>
    </form>
  );
}
