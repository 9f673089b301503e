import type { NewsCategorySummary } from "#shared/news-categories.ts";
import { workspaceFetch } from "./workspace-api";

/** /admin/api/news-categories (server/workspace/news-category-routes.ts), for the news form and the list's section. */

export async function fetchNewsCategories(): Promise<NewsCategorySummary[]> {
  return (await workspaceFetch<{ categories: NewsCategorySummary[] }>("/news-categories")).categories;
}

export async function addNewsCategory(name: string): Promise<NewsCategorySummary> {
  return (
    await workspaceFetch<{ category: NewsCategorySummary }>("/news-categories", { body: { json: { name } } })
  ).category;
}

export async function renameNewsCategory(name: string, newName: string): Promise<NewsCategorySummary> {
  const answer = await workspaceFetch<{ category: NewsCategorySummary }>("/news-categories/rename", {
    body: { json: { name, newName } },
  });
  return answer.category;
}

export async function removeNewsCategory(name: string): Promise<void> {
  await workspaceFetch("/news-categories/remove", { body: { json: { name } } });
}

export type { NewsCategorySummary };
