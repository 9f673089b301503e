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

/**
 * The one seam through which pages read content (DESIGN.md "How data flows").
 * Tests swap it for empty or failing sources; the admin CLI's screenshot uploads
 * reach pages through `screenshots`.
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

/** Validates the `data/` modules; throws at start-up with the offending path if one is malformed. */
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

export function createStaticContentSource(content: BuiltInContent, store?: ScreenshotStore): ContentSource {
  return {
    listProjects: async () => content.projects,
    listNewsPosts: async () => content.newsPosts,
    listCaseStudies: async () => content.caseStudies,
    getCaseStudy: async (id) => content.caseStudies.find((study) => study.id === id),
    async listServiceScreenshots(page) {
      const uploaded = store ? await store.list(page) : [];
      const byPosition = new Map<number, ServiceScreenshot>();
      for (const shot of content.serviceScreenshots)
        if (shot.service_page === page) byPosition.set(shot.position, shot);
      for (const shot of uploaded) byPosition.set(shot.position, shot);
      return [...byPosition.values()].sort((a, b) => a.position - b.position);
    },
  };
}

export function createBuiltInContentSource(store?: ScreenshotStore): ContentSource {
  return createStaticContentSource(loadBuiltInContent(), store);
}

export const emptyContent: BuiltInContent = {
  projects: [],
  newsPosts: [],
  caseStudies: [],
  serviceScreenshots: [],
};

/** Every call rejects: the error states of the projects and news pages. */
export function createFailingContentSource(message = "content store unavailable"): ContentSource {
  const fail = async (): Promise<never> => {
    throw new Error(message);
  };
  return {
    listProjects: fail,
    listNewsPosts: fail,
    listCaseStudies: fail,
    getCaseStudy: fail,
    listServiceScreenshots: fail,
  };
}
