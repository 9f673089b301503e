import { useState, type FormEvent } from "react";
import { data } from "react-router";
import {
  contentKindSpecs,
  isContentKind,
  type ContentKind,
  type ContentKindSpec,
  type FieldSpec,
} from "../../../shared/content-fields";
import { staffPath, staffPaths } from "../../../shared/staff-paths";
import { Button, ButtonLink } from "../../components/workspace/button";
import { MarkdownField } from "../../components/workspace/markdown-field";
import { ImageField } from "../../components/workspace/image-field";
import { TextAreaField, TextField } from "../../components/workspace/fields";
import { Notice } from "../../components/workspace/notice";
import { PageHeader } from "../../components/workspace/page-header";
import { StatusBadge } from "../../components/workspace/status-badge";
import { toast } from "../../components/workspace/toasts";
import { workspaceHandle, workspaceMeta } from "../../components/workspace/workspace-page";
import { workspaceFetch, WorkspaceApiError } from "../../lib/workspace-api";
import type { BodyImage, ContentRecord, Image } from "../../lib/workspace-content";
import type { Route } from "./+types/content-edit";

export { WorkspaceErrorBoundary as ErrorBoundary } from "../../components/workspace/workspace-error";

export const handle = workspaceHandle;

export const meta = ({ params }: Route.MetaArgs) => {
  if (!isContentKind(params.kind)) return workspaceMeta("Not found");
  const spec = contentKindSpecs[params.kind];
  return workspaceMeta(params.id ? `Edit ${spec.one}` : `New ${spec.one}`);
};

/** `/admin/content/:kind/new` (no id) or `/admin/content/:kind/:id`: the item to edit, if any. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!isContentKind(params.kind)) throw data("Not found.", { status: 404 });
  const kind: ContentKind = params.kind;
  if (!params.id) return { kind, record: null };
  const { record } = await workspaceFetch<{ record: ContentRecord }>(
    `/content/${kind}/${encodeURIComponent(params.id)}`,
  );
  return { kind, record };
}
clientLoader.hydrate = true as const;

export function HydrateFallback({ params }: Route.HydrateFallbackProps) {
  if (!isContentKind(params.kind)) return null;
  const spec = contentKindSpecs[params.kind];
  return <PageHeader title={params.id ? `Edit ${spec.one}` : `New ${spec.one}`} />;
}

/** The form's state: text as typed, lists one entry a line, images as uploaded. */
type FormValues = { text: Record<string, string>; images: Record<string, Image | undefined> };

function initialValues(spec: ContentKindSpec, record: ContentRecord | null): FormValues {
  const item: Record<string, unknown> = record?.item ?? {};
  const text: Record<string, string> = {};
  const images: Record<string, Image | undefined> = {};
  for (const field of spec.fields) {
    const value = item[field.key];
    if (field.type === "image") images[field.key] = value as Image | undefined;
    else if (field.type === "list") text[field.key] = Array.isArray(value) ? value.join("\n") : "";
    else text[field.key] = typeof value === "string" ? value : "";
  }
  return { text, images };
}

/** The fields as the API takes them: lists split by line, an emptied optional field as "" (removed). */
function toFields(spec: ContentKindSpec, values: FormValues, bodyImages: BodyImage[]) {
  const fields: Record<string, unknown> = {};
  for (const field of spec.fields) {
    if (field.type === "image") {
      const image = values.images[field.key];
      if (image) fields[field.key] = image;
    } else if (field.type === "list") {
      fields[field.key] = (values.text[field.key] ?? "").split("\n").filter((line) => line.trim() !== "");
    } else {
      fields[field.key] = values.text[field.key] ?? "";
    }
  }
  if (spec.kind === "news") fields.body_images = bodyImages;
  return fields;
}

const inputType: Partial<Record<FieldSpec["type"], string>> = { date: "date", link: "url" };

/** A content item's form, built from the kind's fields (shared/content-fields.ts). */
export default function ContentEditPage({ loaderData }: Route.ComponentProps) {
  const { kind, record } = loaderData;
  const spec = contentKindSpecs[kind];
  const [values, setValues] = useState(() => initialValues(spec, record));
  const [bodyImages, setBodyImages] = useState<BodyImage[]>(() =>
    Array.isArray(record?.item.body_images) ? (record.item.body_images as BodyImage[]) : [],
  );
  const [id, setId] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState(record?.status);
  const [switching, setSwitching] = useState(false);
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
        await workspaceFetch(`/content/${kind}/${encodeURIComponent(record.id)}`, {
          body: { json: { fields } },
        });
        setErrors({});
        toast({ variant: "success", title: `Saved “${values.text.title ?? record.id}”` });
      } else {
        const created = await workspaceFetch<{ record: ContentRecord }>(`/content/${kind}`, {
          body: { json: { fields: { ...fields, id }, status: "draft" } },
        });
        // On to its own edit page, which loads as a page (decision 019).
        window.location.assign(staffPath(staffPaths.contentEdit, { kind, id: created.record.id }));
      }
    } catch (caught) {
      if (caught instanceof WorkspaceApiError) {
        setErrors(caught.fieldErrors);
        setProblem(caught.message);
      } else {
        setProblem("Could not reach the server. Try again.");
      }
    } finally {
      setSaving(false);
    }
  }

  /** Publishes or hides the item as last saved, as the list's buttons do. */
  async function switchStatus(item: ContentRecord) {
    setSwitching(true);
    try {
      const action = status === "published" ? "unpublish" : "publish";
      const { record: after } = await workspaceFetch<{ record: ContentRecord }>(
        `/content/${kind}/${encodeURIComponent(item.id)}/${action}`,
        { method: "POST" },
      );
      setStatus(after.status);
      toast({
        variant: "success",
        title:
          after.status === "published"
            ? "Published as last saved"
            : "A draft again: visitors no longer see it",
      });
    } catch (caught) {
      toast({
        title: "That did not work",
        description: caught instanceof WorkspaceApiError ? caught.message : "Could not reach the server.",
      });
    } finally {
      setSwitching(false);
    }
  }

  const title = record ? `Edit ${spec.one}` : `New ${spec.one}`;
  return (
    <>
      <PageHeader
        title={title}
        description={
          record ? (
            <>
              {record.item.title}{" "}
              <StatusBadge tone={status === "published" ? "success" : "warning"}>
                {status === "published" ? "Published" : "Draft"}
              </StatusBadge>
            </>
          ) : (
            `A new ${spec.one} is saved as a draft; publish it from the list when it is ready.`
          )
        }
        actions={
          <>
            {record ? (
              <Button variant="secondary" busy={switching} onClick={() => void switchStatus(record)}>
                {status === "published" ? "Unpublish" : "Publish"}
              </Button>
            ) : null}
            <ButtonLink href={staffPath(staffPaths.content, { kind })}>Back to the list</ButtonLink>
          </>
        }
      />
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
        {spec.fields.map((field) => {
          if (altKeys.has(field.key)) return null;
          const error = errors[field.key];
          if (field.type === "image") {
            const altField = spec.fields.find((candidate) => candidate.key === field.altKey);
            return (
              <ImageField
                key={field.key}
                kind={kind}
                field={field}
                image={values.images[field.key]}
                alt={field.altKey ? (values.text[field.altKey] ?? "") : undefined}
                altLabel={altField?.label}
                error={error}
                altError={field.altKey ? errors[field.altKey] : undefined}
                onUploaded={(image, alt) => {
                  setValues((old) => ({
                    images: { ...old.images, [field.key]: image },
                    text: field.altKey && alt !== undefined ? { ...old.text, [field.altKey]: alt } : old.text,
                  }));
                }}
                onAltChange={field.altKey ? (alt) => setText(field.altKey ?? "", alt) : undefined}
              />
            );
          }
          if (spec.kind === "news" && field.key === spec.bodyKey) {
            return (
              <MarkdownField
                key={field.key}
                kind={kind}
                label={field.label}
                name={field.key}
                value={values.text[field.key] ?? ""}
                onChange={(value) => setText(field.key, value)}
                bodyImages={bodyImages}
                onImageAdded={(image) => setBodyImages((old) => [...old, image])}
                error={error}
                required={!field.optional}
              />
            );
          }
          const common = {
            label: field.type === "list" ? `${field.label} (one a line)` : field.label,
            name: field.key,
            value: values.text[field.key] ?? "",
            error,
            required: !field.optional,
            description: field.help.charAt(0).toUpperCase() + field.help.slice(1),
          };
          return field.type === "text" || field.type === "list" ? (
            <TextAreaField
              key={field.key}
              {...common}
              rows={field.type === "list" ? 4 : 5}
              onChange={(event) => setText(field.key, event.target.value)}
            />
          ) : (
            <TextField
              key={field.key}
              {...common}
              type={inputType[field.type] ?? "text"}
              onChange={(event) => setText(field.key, event.target.value)}
            />
          );
        })}
        <Button type="submit" busy={saving}>
          {record ? "Save changes" : "Save as draft"}
        </Button>
      </form>
    </>
  );
}
