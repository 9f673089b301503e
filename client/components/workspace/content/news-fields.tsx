/** The news form's own fields: the cover image, the day it was published, and its category from the list. */
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import type { ContentKind, FieldSpec } from "#shared/content-fields.ts";
import { formatIsoDate } from "#shared/format-date.ts";
import { WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { addNewsCategory, fetchNewsCategories } from "#client/lib/news-categories-api.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { SelectField, TextField } from "#client/components/workspace/fields.tsx";
import { ImageField } from "#client/components/workspace/image-field.tsx";
import { CategoryNameField } from "./category-name-field";
import type { FormValues } from "./form-values";

type NewsFieldProps = {
  kind: ContentKind;
  field: FieldSpec;
  values: FormValues;
  setValues: (update: (old: FormValues) => FormValues) => void;
  setText: (key: string, value: string) => void;
  errors: Record<string, string>;
};

/** A news post's field drawn its own way, or null for the form's usual one. */
export function newsFieldFor(props: NewsFieldProps) {
  const { field, values, setText, setValues, errors } = props;
  if (field.type === "image" && field.altKey) {
    const altKey = field.altKey;
    return (
      <ImageField
        kind={props.kind}
        field={field}
        altLabel={`${field.label} alt text`}
        itemName="post"
        image={values.images[field.key]}
        alt={values.text[altKey] ?? ""}
        error={errors[field.key]}
        altError={errors[altKey]}
        onUploaded={(image, alt) =>
          setValues((old) => ({
            images: { ...old.images, [field.key]: image },
            text: alt === undefined ? old.text : { ...old.text, [altKey]: alt },
          }))
        }
        onAltChange={(alt) => setText(altKey, alt)}
      />
    );
  }
  const textField = { field, value: values.text[field.key] ?? "", setText, error: errors[field.key] };
  if (field.type === "date") return <NewsDateField {...textField} />;
  if (field.key === "category") return <CategoryField {...textField} />;
  return null;
}

/** A field whose value is one line of the form's text. */
type TextValueProps = {
  field: FieldSpec;
  value: string;
  setText: (key: string, value: string) => void;
  error?: string;
};

/**
 * The browser's own date picker, which writes the day the browser's way; the hint says
 * how the site will write it, in the one format (shared/format-date.ts), never a pattern
 * the picker might contradict.
 */
function NewsDateField({ field, value, setText, error }: TextValueProps) {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return (
    <TextField
      label={field.label}
      name={field.key}
      type="date"
      value={value}
      onChange={(event) => setText(field.key, event.target.value)}
      description={
        valid
          ? `The day it was published. The site shows it as ${formatIsoDate(value)}.`
          : "The day it was published. A new post saved without one takes the day it is saved."
      }
      error={error}
      required
    />
  );
}

/** The category, chosen from the list; one not on it yet is added here and chosen at once. */
function CategoryField({ field, value, setText, error }: TextValueProps) {
  const newId = useId();
  const [names, setNames] = useState<string[]>([]);
  const [loadProblem, setLoadProblem] = useState("");
  const [adding, setAdding] = useState(false);
  const [newName, setNewName] = useState("");
  const [addError, setAddError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchNewsCategories()
      .then((categories) => setNames(categories.map((category) => category.name)))
      .catch(() =>
        setLoadProblem("The list of categories could not be loaded. Reload the page to try again."),
      );
  }, []);

  async function add() {
    setBusy(true);
    try {
      const added = await addNewsCategory(newName);
      setNames((old) => [...old, added.name].sort((a, b) => a.localeCompare(b, "en")));
      setText(field.key, added.name);
      setNewName("");
      setAddError("");
      setAdding(false);
    } catch (caught) {
      setAddError(
        caught instanceof WorkspaceApiError
          ? (caught.fieldErrors.name ?? caught.message)
          : "Could not reach the server. Try again.",
      );
    } finally {
      setBusy(false);
    }
  }

  // Enter adds the category rather than saving the post.
  function onNewNameKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void add();
  }

  // A post filed under a name no longer listed keeps it until another is chosen.
  const choices = value !== "" && !names.includes(value) ? [value, ...names] : names;
  return (
    <div className="space-y-3">
      <SelectField
        label={field.label}
        name={field.key}
        value={value}
        onChange={(event) => setText(field.key, event.target.value)}
        options={[
          { value: "", label: "Choose a category" },
          ...choices.map((name) => ({ value: name, label: name })),
        ]}
        description="Its page lists the category's posts. Renaming one, on the news list, renames it in every post."
        error={error || loadProblem}
        required
      />
      {adding ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <CategoryNameField
              id={newId}
              label="New category"
              name="new-category"
              value={newName}
              onChange={(event) => setNewName(event.target.value)}
              onKeyDown={onNewNameKey}
              error={addError}
            />
          </div>
          <Button variant="secondary" busy={busy} onClick={() => void add()}>
            Add category
          </Button>
          <Button variant="quiet" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="quiet" onClick={() => setAdding(true)}>
          Add a category not on the list
        </Button>
      )}
    </div>
  );
}
