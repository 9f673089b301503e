import { paths } from "#shared/paths.ts";
import { slugify } from "#shared/slug.ts";

/** Links to all news and to each category's, the current one marked; none with a single category. */
export function NewsCategories({ categories, current }: { categories: string[]; current?: string }) {
  if (categories.length < 2) return null;
  const chip = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
      active ? "bg-brand text-on-brand" : "bg-muted text-ink hover:bg-line"
    }`;
  return (
    <nav aria-label="News categories" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <a
            href={paths.news}
            aria-current={current === undefined ? "page" : undefined}
            className={chip(current === undefined)}
          >
            All news
          </a>
        </li>
        {categories.map((category) => (
          <li key={category}>
            <a
              href={paths.newsCategory(slugify(category))}
              aria-current={category === current ? "page" : undefined}
              className={chip(category === current)}
            >
              {category}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
