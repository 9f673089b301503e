/** One field of a content item's form, as its kind declares it: an image, the news body, a text area or a line. */
import type { Dispatch, SetStateAction } from "react";
import type { ContentKind, ContentKindSpec, FieldSpec } from "#shared/content-fields.ts";
import type { BodyImage } from "#client/lib/workspace-content.ts";
import { TextAreaField, TextField } from "#client/components/workspace/fields.tsx";
import { ImageField } from "#client/components/workspace/image-field.tsx";
import { MarkdownField } from "#client/components/workspace/markdown-field.tsx";
import type { FormValues } from "./form-values";
import { newsFieldFor } from "./news-fields";

const inputType: Partial<Record<FieldSpec["type"], string>> = { date: "date", link: "url" };

export function ContentField({
  kind,
  spec,
  field,
  values,
  setValues,
  setText,
  errors,
  bodyImages,
  setBodyImages,
}: {
  kind: ContentKind;
  spec: ContentKindSpec;
  field: FieldSpec;
  values: FormValues;
  setValues: Dispatch<SetStateAction<FormValues>>;
  setText: (key: string, value: string) => void;
  errors: Record<string, string>;
  bodyImages: BodyImage[];
  setBodyImages: Dispatch<SetStateAction<BodyImage[]>>;
}) {
  const error = errors[field.key];
  if (spec.kind === "news") {
    const news = newsFieldFor({ kind, field, values, setValues, setText, errors });
    if (news) return news;
  }
  if (field.type === "image") {
    const altField = spec.fields.find((candidate) => candidate.key === field.altKey);
    return (
      <ImageField
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
        itemName={spec.one}
      />
    );
  }
  if (spec.kind === "news" && field.key === spec.bodyKey) {
    return (
      <MarkdownField
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
      {...common}
      rows={field.type === "list" ? 4 : 5}
      onChange={(event) => setText(field.key, event.target.value)}
    />
  ) : (
    <TextField
      {...common}
      type={inputType[field.type] ?? "text"}
      onChange={(event) => setText(field.key, event.target.value)}
    />
  );
}
