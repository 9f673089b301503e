import type { Kysely } from "kysely";
import { caseStudies } from "../../data/case-studies";
import { newsPosts } from "../../data/news";
import { projects } from "../../data/projects";
import { serviceScreenshots } from "../../data/service-screenshots";
import {
  caseStudySchema,
  newsPostSchema,
  projectSchema,
  serviceScreenshotSchema,
  type CaseStudy,
  type NewsPost,
  type Project,
  type ServicePage,
  type ServiceScreenshot,
} from "../../shared/content-types";
import { findContent, listContent } from "../db/content-items";
import type { Database } from "../db/schema";

/**
 * The one seam through which pages read content (DESIGN.md "How data flows"): the
 * database the admin CLI writes (createDatabaseContentSource).
 */
export type ContentSource = {
  listProjects(): Promise<Project[]>;
  listNewsPosts(): Promise<NewsPost[]>;
  listCaseStudies(): Promise<CaseStudy[]>;
  getCaseStudy(id: string): Promise<CaseStudy | undefined>;
  /** Ordered by position; at most one per position. */
  listServiceScreenshots(page: ServicePage): Promise<ServiceScreenshot[]>;
};

/** Where uploaded screenshots live (the database); built-in ones fill positions with no upload. */
export type ScreenshotStore = {
  list(page: ServicePage): Promise<ServiceScreenshot[]>;
};

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
  if (ids.size !== content.caseStudies.length) throw new Error("data/case-studies: duplicate id");
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
 * The site's content: projects, news and case studies as the admin CLI left them in the
 * database (published ones only), read on every request so a change shows at once.
 */
export function createDatabaseContentSource(db: Kysely<Database>, store?: ScreenshotStore): ContentSource {
  const builtInScreenshots = serviceScreenshotSchema.array().parse(serviceScreenshots);
  const items = async <T>(records: Promise<{ item: T }[]>) => (await records).map((record) => record.item);
  return {
    listProjects: () => items(listContent(db, "projects")),
    listNewsPosts: () => items(listContent(db, "news")),
    listCaseStudies: () => items(listContent(db, "case-studies")),
    async getCaseStudy(id) {
      const record = await findContent(db, "case-studies", id);
      return record?.status === "published" ? record.item : undefined;
    },
    listServiceScreenshots: (page) => mergeScreenshots(builtInScreenshots, page, store),
  };
}
