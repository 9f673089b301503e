import { z } from "zod";
import { copyFields } from "#shared/copy/copy-fields.ts";
import { SelectField, TextAreaField, TextField } from "#client/components/workspace/fields.tsx";
import { MarkdownField } from "#client/components/workspace/markdown-field.tsx";
import { CopyList } from "./copy-list";
import { pathKey, type CopyPath, type CopyValue } from "./copy-document";

export type CopyFieldProps = {
  schema: z.ZodType;
  value: CopyValue;
  path: CopyPath;
  errors: Record<string, string>;
  onChange(path: CopyPath, value: CopyValue): void;
  /** Nesting depth: the page's own fields at 0 are drawn bare, inner groups are fieldsets. */
  depth: number;
  /** The field's label in place of its description's: a list entry's "Paragraph 2". */
  label?: string;
};

/** One part of a page's copy, drawn from its description: a group, a list, or a field. */
export function CopyField(props: CopyFieldProps) {
  const { schema, value, path, errors, onChange, depth } = props;
  const meta = copyFields.get(schema);
  const key = pathKey(path);
  const error = errors[key];
  if (!meta) return null;
  const label = props.label ?? meta.label;

  if (
    meta.kind === "group" &&
    schema instanceof z.ZodObject &&
    typeof value === "object" &&
    !Array.isArray(value)
  ) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => (
      <CopyField
        key={name}
        {...props}
        label={undefined}
        schema={field}
        value={value[name] ?? ""}
        path={[...path, name]}
        depth={depth + 1}
      />
    ));
    if (depth === 0) return <>{fields}</>;
    return (
      <fieldset className="min-w-0 space-y-4 rounded-card border border-line p-4 sm:p-5">
        <legend className="px-1 text-lg font-semibold text-ink">{label}</legend>
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        {fields}
      </fieldset>
    );
  }

  if (meta.kind === "list" && schema instanceof z.ZodArray && Array.isArray(value)) {
    const element = schema.element as z.ZodType;
    return (
      <CopyList
        meta={meta}
        element={element}
        value={value}
        path={path}
        errors={errors}
        onChange={onChange}
        renderEntry={(entry, index, label) => (
          <CopyField
            {...props}
            schema={element}
            value={entry}
            path={[...path, index]}
            // An entry's group is drawn bare inside its list item, which names it.
            depth={0}
            label={label}
          />
        )}
      />
    );
  }

  const text = typeof value === "string" ? value : "";
  const change = (next: string) => onChange(path, next);
  const name = `copy-${key}`;
  if (meta.kind === "select")
    return (
      <SelectField
        label={label}
        name={name}
        value={text}
        options={meta.options}
        error={error}
        onChange={(event) => change(event.target.value)}
      />
    );
  if (meta.kind === "markdown")
    return (
      <MarkdownField
        label={label}
        name={name}
        value={text}
        required
        maxLength={meta.max}
        hint={meta.hint}
        error={error}
        onChange={change}
      />
    );
  if (meta.kind === "text" && meta.multiline)
    return (
      <TextAreaField
        label={label}
        name={name}
        value={text}
        rows={3}
        limit={meta.max}
        required={!meta.optional}
        description={meta.hint}
        error={error}
        onChange={(event) => change(event.target.value)}
      />
    );
  return (
    <TextField
      label={label}
      name={name}
      value={text}
      type={meta.kind === "date" ? "date" : "text"}
      limit={meta.kind === "text" ? meta.max : undefined}
      required={meta.kind === "text" ? !meta.optional : true}
      description={meta.kind === "text" ? meta.hint : undefined}
      error={error}
      onChange={(event) => change(event.target.value)}
    />
  );
}
