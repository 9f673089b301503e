/** The news list's section for its categories: add one, rename one in every post, remove one no post uses. */
import { useEffect, useState } from "react";
import { paths } from "#shared/paths.ts";
import {
  addNewsCategory,
  fetchNewsCategories,
  removeNewsCategory,
  renameNewsCategory,
  type NewsCategorySummary,
} from "#client/lib/news-categories-api.ts";
import { WorkspaceApiError } from "#client/lib/workspace-api.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { ConfirmButton } from "#client/components/workspace/confirm-button.tsx";
import { ErrorSummary } from "#client/components/workspace/error-summary.tsx";
import { Notice } from "#client/components/workspace/notice.tsx";
import { TitledSection } from "#client/components/workspace/titled-section.tsx";
import { toast } from "#client/components/workspace/toasts.tsx";
import { useFormSave } from "#client/components/workspace/use-form-save.ts";
import { CategoryNameField } from "./category-name-field";

const messageOf = (caught: unknown, field: string) =>
  caught instanceof WorkspaceApiError
    ? (caught.fieldErrors[field] ?? caught.message)
    : "Could not reach the server. Try again.";

const postsText = (posts: number) => (posts === 1 ? "1 post" : `${posts} posts`);

export function NewsCategoriesSection() {
  const [categories, setCategories] = useState<NewsCategorySummary[] | null>(null);
  const [problem, setProblem] = useState("");
  const [name, setName] = useState("");
  const reload = () =>
    fetchNewsCategories()
      .then(setCategories)
      .catch(() => setProblem("The categories could not be loaded. Reload the page to try again."));
  useEffect(() => void reload(), []);

  const adding = useFormSave(async () => {
    const added = await addNewsCategory(name);
    setName("");
    toast({ variant: "success", title: `Added “${added.name}”` });
    await reload();
  });

  async function remove(category: NewsCategorySummary) {
    try {
      await removeNewsCategory(category.name);
      toast({ variant: "success", title: `Removed “${category.name}”` });
    } catch (caught) {
      toast({ variant: "error", title: "Not removed", description: messageOf(caught, "name") });
    }
    await reload();
  }

  return (
    <TitledSection id="categories" title="Categories" className="mt-10 space-y-4">
      <p className="text-ink-soft">
        Each post is filed under one of these; each has a page listing its posts. Renaming one renames it in
        every post, and its old page address leads to the new one.
      </p>
      {problem ? <Notice tone="danger">{problem}</Notice> : null}
      {categories === null ? null : categories.length === 0 ? (
        <p className="text-ink-soft">No categories yet.</p>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line">
          {categories.map((category) => (
            <CategoryRow
              key={category.slug}
              category={category}
              onRenamed={reload}
              onRemove={() => remove(category)}
            />
          ))}
        </ul>
      )}
      <form {...adding.formProps} noValidate className="flex flex-wrap items-end gap-3">
        <div className="w-full empty:hidden">
          <ErrorSummary problem={adding.error} errors={adding.fieldErrors} attempt={adding.attempt} />
        </div>
        <div className="min-w-0 flex-1">
          <CategoryNameField
            label="New category"
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={adding.fieldErrors.name}
          />
        </div>
        <Button type="submit" variant="secondary" busy={adding.busy}>
          Add category
        </Button>
      </form>
    </TitledSection>
  );
}

function CategoryRow({
  category,
  onRenamed,
  onRemove,
}: {
  category: NewsCategorySummary;
  onRenamed: () => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const [renaming, setRenaming] = useState(false);

  return (
    <li className="space-y-3 p-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <a
          href={paths.newsCategory(category.slug)}
          className="inline-flex min-h-11 items-center font-semibold break-words text-brand hover:underline"
        >
          {category.name}
        </a>
        <span className="text-sm text-ink-soft">{postsText(category.posts)}</span>
        <span className="ml-auto flex flex-wrap gap-2">
          <Button
            variant="quiet"
            aria-label={`Rename “${category.name}”`}
            aria-expanded={renaming}
            onClick={() => setRenaming((open) => !open)}
          >
            Rename
          </Button>
          {category.posts === 0 ? (
            <ConfirmButton
              label="Remove"
              accessibleLabel={`Remove “${category.name}”`}
              title={`Remove “${category.name}”?`}
              confirmLabel="Remove category"
              variant="quiet"
              onConfirm={onRemove}
            >
              No post is filed under it. Its page goes, and editors can no longer choose it.
            </ConfirmButton>
          ) : null}
        </span>
      </div>
      {renaming ? (
        <RenameForm
          category={category}
          onRenamed={async () => {
            setRenaming(false);
            await onRenamed();
          }}
        />
      ) : null}
    </li>
  );
}

/** A category's new name: shown once "Rename" is pressed, and gone (with what was typed) once closed. */
function RenameForm({
  category,
  onRenamed,
}: {
  category: NewsCategorySummary;
  onRenamed: () => Promise<void>;
}) {
  const [newName, setNewName] = useState(category.name);
  const { error, fieldErrors, attempt, busy, formProps } = useFormSave(async () => {
    const renamed = await renameNewsCategory(category.name, newName);
    toast({
      variant: "success",
      title: `Renamed to “${renamed.name}”`,
      description: `In ${postsText(renamed.posts)}.`,
    });
    await onRenamed();
  });
  return (
    <form {...formProps} noValidate className="flex flex-wrap items-end gap-3">
      <div className="w-full empty:hidden">
        <ErrorSummary problem={error} errors={fieldErrors} attempt={attempt} />
      </div>
      <div className="min-w-0 flex-1">
        <CategoryNameField
          label={`New name for “${category.name}”`}
          name="newName"
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
          error={fieldErrors.newName}
        />
      </div>
      <Button type="submit" variant="secondary" busy={busy}>
        Rename in {postsText(category.posts)}
      </Button>
    </form>
  );
}
