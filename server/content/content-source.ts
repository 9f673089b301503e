import type { Kysely } from "kysely";
import { caseStudies } from "#data/seed-case-studies.ts";
import { newsPosts } from "#data/seed-news.ts";
import { projects } from "#data/seed-projects.ts";
import { serviceScreenshots } from "#data/service-screenshots.ts";
import {
  caseStudySchema,
  newsPostSchema,
  projectSchema,
  serviceScreenshotSchema,
  type CaseStudy,
  summariseNewsPost,
  type NewsPost,
  type NewsSummary,
  type Project,
  type ServicePage,
  type ServiceScreenshot,
} from "#shared/content-types.ts";
import {
  contentSchemas,
  findContent,
  findContentNeighbours,
  listContent,
  listContentPage,
  listContentStamps,
  listNewsCategories,
  type ContentItemOf,
} from "#server/db/content-items.ts";
import { findNewsCategoryRedirect } from "#server/db/news-categories.ts";
import type { Database } from "#server/db/schema.ts";
import { findPageSnippet } from "#server/db/page-snippets.ts";
import { snippetDocumentSchema, toSnippetOverride } from "#shared/page-snippets.ts";
import type { SnippetOverride, SnippetPage } from "#shared/snippet-pages.ts";
import type { ScreenshotStore } from "#server/db/screenshots.ts";
import type { CopyPageName } from "#shared/copy/copy-pages.ts";
import { readingMinutes, renderArticle } from "./article-markdown";
import { createPageCopySource, type LoadedPageCopy, type PageCopySource } from "./page-copy-source";
import { renderPolicy, type RenderedPolicy } from "./policy-markdown";

/**
 * The one seam through which pages read content (DESIGN.md "How data flows"): the
 * database the admin CLI writes (createDatabaseContentSource).
 */
export type ContentSource = {
  /** One page of projects (`page` is 1-based), and how many there are in all. */
  listProjectsPage(page: number): Promise<ListPage<Project>>;
  /** One page of news excerpts, of one category (its name) if given. */
  listNewsPage(page: number, category?: string): Promise<ListPage<NewsSummary>>;
  /** The categories of published news, alphabetically. */
  listNewsCategories(): Promise<string[]>;
  /** A renamed category's page address now, given an old one; undefined for any other. */
  findNewsCategoryRedirect(oldSlug: string): Promise<string | undefined>;
  /** The latest published posts, their bodies rendered, for the feeds. */
  listLatestNews(count: number): Promise<FeedEntry[]>;
  /**
   * A published post with a body, with its neighbours in the list; undefined for drafts and
   * unknown ids, unless `unpublished` (a preview link grants it) lets a draft show.
   */
  getNewsArticle(id: string, options?: Unpublished): Promise<NewsArticle | undefined>;
  /** What the sitemap lists: published case studies and articles, with their last change. */
  listSitemapEntries(): Promise<SitemapEntries>;
  listCaseStudies(): Promise<CaseStudy[]>;
  getCaseStudy(id: string, options?: Unpublished): Promise<CaseStudy | undefined>;
  /** Ordered by position; at most one per position. */
  listServiceScreenshots(page: ServicePage): Promise<ServiceScreenshot[]>;
  /** What staff changed of a page's search snippet; undefined: the page shows its own. */
  getPageSnippet(page: SnippetPage): Promise<SnippetOverride | undefined>;
  /** A page's copy; its draft when the request's `url` carries a valid preview link for it. */
  getPageCopy<P extends CopyPageName>(page: P, url: string): Promise<LoadedPageCopy<P>>;
  /** The privacy policy's Markdown, its tokens filled, as the page shows it. */
  renderPolicy(markdown: string): RenderedPolicy;
};

/**
 * A preview's grant: the item shows whether it is published or not; through a link, as
 * the link was made of it (`pinned`, docs/decisions/050-stored-preview-links.md).
 */
export type Unpublished = { unpublished?: boolean; pinned?: unknown };

/** The item a preview link is pinned to, when it is one still (a tightened schema may refuse an old one); else `current`. */
function pinnedOr<K extends "news" | "case-studies">(
  kind: K,
  pinned: unknown,
  current: ContentItemOf[K],
): ContentItemOf[K] {
  if (pinned === undefined) return current;
  const parsed = contentSchemas[kind].safeParse(pinned);
  return parsed.success ? parsed.data : current;
}

/** Items of a list page; `pageCount` is at least 1, an empty list being one empty page. */
export type ListPage<T> = { items: T[]; page: number; pageCount: number; total: number };

/** How many items a list page shows (docs/decisions/021-news-that-publishes.md). */
export const LIST_PAGE_SIZE = 12;

export type NewsLink = Pick<NewsPost, "id" | "title">;
/** A post's page: its body rendered from Markdown (server/content/article-markdown.ts), and its neighbours. */
export type NewsArticle = {
  post: NewsSummary;
  html: string;
  readingMinutes: number;
  updatedAt: string;
  previous?: NewsLink;
  next?: NewsLink;
};
export type FeedEntry = { post: NewsSummary; html?: string; updatedAt: string };
export type SitemapEntries = {
  caseStudies: Array<{ id: string; updatedAt: string }>;
  articles: Array<{ id: string; updatedAt: string }>;
};

/** Where uploaded screenshots live (the database); built-in ones fill positions with no upload. */

export type BuiltInContent = {
  projects: Project[];
  newsPosts: NewsPost[];
  caseStudies: CaseStudy[];
  serviceScreenshots: ServiceScreenshot[];
};

/**
 * Validates the `data/` modules: the samples migration 0007 seeds a new database with and
 * the built-in screenshots. Throws with the offending path if one is malformed.
 */
export function loadBuiltInContent(): BuiltInContent {
  const content = {
    projects: projectSchema.array().length(9).parse(projects),
    newsPosts: newsPostSchema.array().length(3).parse(newsPosts),
    caseStudies: caseStudySchema.array().parse(caseStudies),
    serviceScreenshots: serviceScreenshotSchema.array().parse(serviceScreenshots),
  };
  const ids = new Set(content.caseStudies.map((study) => study.id));
  if (ids.size !== content.caseStudies.length) throw new Error("data/seed-case-studies: duplicate id");
  return content;
}

/** The built-in screenshots, with an upload in place of any built-in one at its position. */
async function mergeScreenshots(
  builtIn: ServiceScreenshot[],
  page: ServicePage,
  store: ScreenshotStore | undefined,
): Promise<ServiceScreenshot[]> {
  const uploaded = store ? await store.list(page) : [];
  const byPosition = new Map<number, ServiceScreenshot>();
  for (const shot of builtIn) if (shot.service_page === page) byPosition.set(shot.position, shot);
  for (const shot of uploaded) byPosition.set(shot.position, shot);
  return [...byPosition.values()].sort((a, b) => a.position - b.position);
}

/**
 * A post as the news list shows it: its search snippet is for its own page only, so the
 * list's page (whose data the browser gets when it hydrates) does not carry it.
 */
function listedNewsPost(post: NewsPost): NewsSummary {
  const { meta_description: _description, social_image: _image, ...listed } = summariseNewsPost(post);
  return listed;
}

/**
 * The site's content: projects, news and case studies as the admin CLI left them in the
 * database (published ones only), read on every request so a change shows at once.
 */
export function createDatabaseContentSource(
  db: Kysely<Database>,
  /** The site's origin, which links in Markdown resolve against (its SITE_URL). */
  siteOrigin: string,
  store?: ScreenshotStore,
  /** The reader of pages' copy; given, it is shared with the acknowledgment e-mails. */
  pageCopy: PageCopySource = createPageCopySource(db),
): ContentSource {
  const builtInScreenshots = serviceScreenshotSchema.array().parse(serviceScreenshots);
  const items = async <T>(records: Promise<{ item: T }[]>) => (await records).map((record) => record.item);
  async function listPage<K extends "projects" | "news", T>(
    kind: K,
    page: number,
    toItem: (item: ContentItemOf[K]) => T,
    category?: string,
  ): Promise<ListPage<T>> {
    const offset = (page - 1) * LIST_PAGE_SIZE;
    const { records, total } = await listContentPage(db, kind, { offset, limit: LIST_PAGE_SIZE, category });
    return {
      items: records.map((record) => toItem(record.item)),
      page,
      pageCount: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)),
      total,
    };
  }
  const link = (record: { item: NewsPost } | undefined): NewsLink | undefined =>
    record && { id: record.item.id, title: record.item.title };
  return {
    listProjectsPage: (page) => listPage("projects", page, (project) => project),
    listNewsPage: (page, category) => listPage("news", page, listedNewsPost, category),
    listNewsCategories: () => listNewsCategories(db),
    findNewsCategoryRedirect: (oldSlug) => findNewsCategoryRedirect(db, oldSlug),
    async listLatestNews(count) {
      const { records } = await listContentPage(db, "news", { offset: 0, limit: count });
      return records.map(({ item, updatedAt }) => ({
        post: summariseNewsPost(item),
        html:
          item.content === undefined
            ? undefined
            : renderArticle(item.content, { origin: siteOrigin, bodyImages: item.body_images }).html,
        updatedAt,
      }));
    },
    async getNewsArticle(id, options = {}) {
      const record = await findContent(db, "news", id);
      if (!record) return undefined;
      if (record.status !== "published" && !options.unpublished) return undefined;
      const item = options.unpublished ? pinnedOr("news", options.pinned, record.item) : record.item;
      if (item.content === undefined) return undefined;
      const { previous, next } = await findContentNeighbours(db, "news", record);
      const { content, body_images: images } = item;
      return {
        post: summariseNewsPost(item),
        html: renderArticle(content, { origin: siteOrigin, bodyImages: images }).html,
        readingMinutes: readingMinutes(content),
        updatedAt: record.updatedAt,
        previous: link(previous),
        next: link(next),
      };
    },
    async listSitemapEntries() {
      const [caseStudies, articles] = await Promise.all([
        listContentStamps(db, "case-studies"),
        listContentStamps(db, "news", { withArticle: true }),
      ]);
      return { caseStudies, articles };
    },
    listCaseStudies: () => items(listContent(db, "case-studies")),
    async getCaseStudy(id, options = {}) {
      const record = await findContent(db, "case-studies", id);
      if (record?.status === "published") return record.item;
      return record && options.unpublished
        ? pinnedOr("case-studies", options.pinned, record.item)
        : undefined;
    },
    listServiceScreenshots: (page) => mergeScreenshots(builtInScreenshots, page, store),
    async getPageSnippet(page) {
      const record = await findPageSnippet(db, page);
      const parsed = record && snippetDocumentSchema.safeParse(record.document);
      return parsed?.success ? toSnippetOverride(parsed.data) : undefined;
    },
    getPageCopy: (page, url) => pageCopy.read(page, url),
    renderPolicy: (markdown) => renderPolicy(markdown, siteOrigin),
  };
}
