import type { Db } from "#server/db/database.ts";
import {
  deleteNewsCategory,
  findNewsCategory,
  findNewsCategoryBySlug,
  insertNewsCategory,
  listNewsCategoryCounts,
  listNewsPostsIn,
  NewsCategoryTakenError,
  renameNewsCategory,
} from "#server/db/news-categories.ts";
import { newsCategoryKey, readNewsCategoryName, type NewsCategorySummary } from "#shared/news-categories.ts";
import { paths } from "#shared/paths.ts";
import { slugify } from "#shared/slug.ts";
import type { OperationContext } from "#server/operations/context.ts";
import { failed, notFound, refuse, type Outcome, type Refusal } from "#shared/outcome.ts";

/**
 * The news categories editors choose a post's from
 * (docs/decisions/043-news-form-and-categories.md): listed, added, renamed everywhere at
 * once, and removed when no post is filed under them, for the CLI and the workspace alike.
 * Names differing only in case are one category, and no two share a page address.
 */

type CategoryContext = Pick<OperationContext, "db" | "actor" | "now">;

const auditTarget = (name: string) => `news-category/${name}`;

/** A refusal naming the `name` field, as the workspace's category form shows it. */
const refuseName = (message: string, reason: Refusal["reason"] = "invalid"): Refusal => ({
  ...failed(reason, message),
  fieldErrors: { name: message },
});

const missing = (name: string) => notFound(`There is no news category “${name}”.`);

export function listCategories(db: Db): Promise<NewsCategorySummary[]> {
  return listNewsCategoryCounts(db);
}

/** Why a name cannot be a new one: another category has it (in any case) or its address. */
async function clashOf(db: Db, name: string, except?: number): Promise<Refusal | undefined> {
  const sameName = await findNewsCategory(db, name);
  if (sameName && sameName.id !== except)
    return refuseName(`There is a category “${sameName.name}” already.`, "conflict");
  const sameSlug = await findNewsCategoryBySlug(db, slugify(name));
  if (sameSlug && sameSlug.id !== except)
    return refuseName(
      `“${name}” would have the same address as “${sameSlug.name}” (${paths.newsCategory(sameSlug.slug)}). Choose another name.`,
      "conflict",
    );
  return undefined;
}

export async function addCategory(
  ctx: CategoryContext,
  rawName: string,
): Promise<Outcome<NewsCategorySummary>> {
  const now = ctx.now();
  const read = readNewsCategoryName(rawName);
  if (!read.ok) return refuseName(read.message);
  const clash = await clashOf(ctx.db, read.name);
  if (clash) return clash;
  try {
    const added = await insertNewsCategory(ctx.db, read.name, now, {
      ...ctx.actor,
      action: "news-category.add",
      target: auditTarget(read.name),
    });
    return { ok: true, value: { name: added.name, slug: added.slug, posts: 0 } };
  } catch (error) {
    // Another request added it between the check and the insert.
    if (error instanceof NewsCategoryTakenError)
      return refuseName(`There is a category “${read.name}” already.`, "conflict");
    throw error;
  }
}

export async function renameCategory(
  ctx: CategoryContext,
  from: string,
  rawName: string,
): Promise<Outcome<NewsCategorySummary & { previousSlug: string }>> {
  const now = ctx.now();
  const category = await findNewsCategory(ctx.db, from);
  if (!category) return missing(from);
  const read = readNewsCategoryName(rawName);
  if (!read.ok) return refuseName(read.message);
  if (read.name === category.name) return refuseName(`The category is called “${category.name}” already.`);
  const clash = await clashOf(ctx.db, read.name, category.id);
  if (clash) return clash;
  try {
    const posts = await renameNewsCategory(
      ctx.db,
      category,
      read.name,
      now,
      (count) => ({
        ...ctx.actor,
        action: "news-category.rename",
        target: auditTarget(read.name),
        detail: { from: category.name, to: read.name, posts: count },
      }),
      ctx.actor.actor,
    );
    return {
      ok: true,
      value: { name: read.name, slug: slugify(read.name), posts, previousSlug: category.slug },
    };
  } catch (error) {
    if (error instanceof NewsCategoryTakenError)
      return refuseName(`There is a category “${read.name}” already.`, "conflict");
    throw error;
  }
}

export async function removeCategory(ctx: CategoryContext, name: string): Promise<Outcome<{ name: string }>> {
  const category = await findNewsCategory(ctx.db, name);
  if (!category) return missing(name);
  const posts = await listNewsPostsIn(ctx.db, category.name);
  if (posts.length > 0) {
    const count = posts.length === 1 ? "1 news post is" : `${posts.length} news posts are`;
    return failed(
      "conflict",
      `${count} filed under “${category.name}”: move ${posts.length === 1 ? "it" : "them"} to another category first, or rename the category instead.`,
    );
  }
  await deleteNewsCategory(ctx.db, category, {
    ...ctx.actor,
    action: "news-category.remove",
    target: auditTarget(category.name),
  });
  return { ok: true, value: { name: category.name } };
}

/**
 * A post's category as stored: the list's spelling of the name, whatever case it was
 * given in. A name not on the list is refused (`policy: "refuse"`, the workspace, whose
 * form offers the list) or added to it with the post (`"add"`, the CLI's --category),
 * provided its page address is free.
 */
export async function resolvePostCategory(
  db: Db,
  name: string,
  policy: "add" | "refuse",
): Promise<Outcome<string>> {
  const listed = await findNewsCategory(db, name);
  if (listed) return { ok: true, value: listed.name };
  if (policy === "refuse")
    return refuse(`--category: “${name}” is not a news category`, {
      category: `“${name}” is not on the list of categories. Choose one, or add it first.`,
    });
  const read = readNewsCategoryName(name);
  if (!read.ok) return refuse(`--category: ${read.message}`, { category: read.message });
  const sameSlug = await findNewsCategoryBySlug(db, slugify(read.name));
  if (sameSlug && newsCategoryKey(sameSlug.name) !== newsCategoryKey(read.name)) {
    const message = `“${read.name}” would have the same address as the category “${sameSlug.name}”: use that one, or another name.`;
    return refuse(`--category: ${message}`, { category: message });
  }
  return { ok: true, value: read.name };
}
