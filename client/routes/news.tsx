import { redirect } from "react-router";
import { paths } from "#shared/paths.ts";
import { slugify } from "#shared/slug.ts";
import { ArticleTeaser } from "#client/components/content/news-cards.tsx";
import { NewsCategories } from "#client/components/content/news-categories.tsx";
import { Pagination } from "#client/components/content/pagination.tsx";
import { NewsletterForm } from "#client/components/forms/newsletter-form.tsx";
import { island } from "#client/lib/island.tsx";
import { PageHeader } from "#client/components/sections/page-header.tsx";
import { Section } from "#client/components/sections/section.tsx";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { loadContent } from "#client/lib/content-loader.ts";
import { newsCopy } from "#data/pages/list-pages-copy.ts";
import { formPageHeaders, loadChangedPageCopy, previewMeta } from "#client/lib/page-copy.ts";
import { useShownCopy } from "#client/lib/shown-copy.ts";
import type { PageHandle } from "#client/lib/hydration.ts";
import { subscribeFromForm } from "#client/lib/newsletter-action.ts";
import { feedLinks } from "#client/lib/feed-links.ts";
import { listPageLinks, notFound, pageNumberOf } from "#client/lib/list-page.ts";
import { buildMeta, buildPageMeta, notFoundMeta } from "#client/lib/seo.ts";
import { LoadErrorToast } from "#client/lib/use-load-error-toast.ts";
import type { Route } from "./+types/news";

const emptyList = (page: number) => ({ items: [], page, pageCount: 1, total: 0 });

/** This module serves /news, /news/page/:page, and the same under /news/category/:category. */
type NewsParams = { page?: string; category?: string };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { page: pageParam, category: categorySlug } = params as NewsParams;
  const firstPage = categorySlug === undefined ? paths.news : paths.newsCategory(categorySlug);
  const page = pageNumberOf(pageParam, firstPage);
  const { value, failed } = await loadContent(
    context,
    "news posts",
    async () => {
      const categories = await context.content.listNewsCategories();
      const category =
        categorySlug === undefined ? undefined : categories.find((name) => slugify(name) === categorySlug);
      const unknownCategory = categorySlug !== undefined && category === undefined;
      const list = unknownCategory ? emptyList(page) : await context.content.listNewsPage(page, category);
      return { categories, category, unknownCategory, list };
    },
    { categories: [], category: undefined, unknownCategory: false, list: emptyList(page) },
  );
  if (!failed && value.unknownCategory && categorySlug !== undefined) {
    // A renamed category's old address moves to its new one for good.
    const moved = await context.content.findNewsCategoryRedirect(categorySlug);
    if (moved) throw redirect(paths.newsCategory(moved, page), 301);
  }
  if (!failed && (value.unknownCategory || page > value.list.pageCount)) throw notFound();
  const formToken = context.formTokens.issue();
  return loadChangedPageCopy(context, request, "news", { ...value, failed, formToken });
}

/**
 * The newsletter form is the only thing here that needs React: it starts when the visitor
 * first focuses or presses in a form. A failed load hydrates at once for its notice (requirements §8).
 */
export const handle: PageHandle<Route.ComponentProps["loaderData"]> = {
  hydrate: (data) => (data.failed ? "eager" : "interaction"),
  islands: (data) => (data.failed ? ["newsletter", "load-error"] : ["newsletter"]),
  largestPaint: "image",
};

const NewsletterFormIsland = island("newsletter", NewsletterForm);
const LoadErrorIsland = island("load-error", LoadErrorToast);

/** The newsletter form posted without JavaScript (with it, the form posts JSON to the API). */
export const action = ({ request, context }: Route.ActionArgs) => subscribeFromForm(request, context);

export const headers: Route.HeadersFunction = formPageHeaders;

export const meta: Route.MetaFunction = ({ data: loaded, location, matches }) => {
  const settings = settingsFromMatches(matches);
  // A page number or category that is not there answered 404.
  if (!loaded || !settings) return notFoundMeta(location.pathname, settings);
  const { category, list } = loaded;
  const pathOf = (page: number) =>
    category === undefined ? paths.newsPage(page) : paths.newsCategory(slugify(category), page);
  const name = category === undefined ? "Tech News" : `${category} - Tech News`;
  const title = list.page > 1 ? `${name} (page ${list.page})` : name;
  const path = pathOf(list.page);
  const description = `${category} articles from our Cape Town team: practical advice for South African businesses going digital.`;
  return [
    // A category's pages describe the category; the news pages, what staff saved for them.
    ...(category === undefined
      ? buildPageMeta("news", matches, { title, path })
      : buildMeta({ title, description, path }, settings)),
    ...previewMeta(loaded),
    ...listPageLinks(pathOf, list.page, list.pageCount, settings.siteUrl),
    ...feedLinks(settings),
  ];
};

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, category, list, failed } = loaderData;
  const copy = useShownCopy(loaderData.copy, newsCopy);
  // requirements §2: the featured article is the first news item, on the list's first page.
  const featured = list.page === 1 ? list.items[0] : undefined;
  const others = list.page === 1 ? list.items.slice(1) : list.items;
  const listTitle = list.page === 1 ? copy.latestTitle : `Articles, page ${list.page} of ${list.pageCount}`;
  const pathOf = (page: number) =>
    category === undefined ? paths.newsPage(page) : paths.newsCategory(slugify(category), page);

  return (
    <>
      {failed ? <LoadErrorIsland description="Failed to load news posts" /> : null}
      <PageHeader tone="paper" {...copy.header} />
      <div className="page-container">
        <NewsCategories categories={categories} current={category} />
      </div>
      {list.page === 1 ? (
        <Section
          id="featured-article"
          title={copy.featuredTitle}
          className="section pb-0"
          titleClassName="section-title"
        >
          <div className="mt-8">
            {featured ? (
              <ArticleTeaser post={featured} look="featured" />
            ) : (
              <p className="text-lg text-ink-soft">{copy.noFeatured}</p>
            )}
          </div>
        </Section>
      ) : null}
      <Section id="latest-articles" title={listTitle} tone="plain" titleClassName="section-title">
        {others.length > 0 ? (
          <ul className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {others.map((post) => (
              <li key={post.id}>
                <ArticleTeaser post={post} look="card" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-8 text-lg text-ink-soft">{copy.noArticles}</p>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} pathOf={pathOf} label="News pages" />
      </Section>
      <NewsletterFormIsland formToken={loaderData.formToken} actionData={actionData} />
    </>
  );
}
