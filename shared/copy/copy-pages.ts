import type { z } from "zod";
import { paths } from "#shared/paths.ts";
import {
  aboutCopySchema,
  homeCopySchema,
  servicesCopySchema,
  webAppDevelopmentCopySchema,
  websiteDesignCopySchema,
} from "./marketing-page-schemas";
import {
  bookAppointmentCopySchema,
  caseStudiesCopySchema,
  contactCopySchema,
  newsCopySchema,
  privacyPolicyCopySchema,
  projectsCopySchema,
  thankYouWebAppCopySchema,
  thankYouWebsiteDesignCopySchema,
} from "./other-page-schemas";

/**
 * Every page whose copy staff edit, by the name the workspace and `site-admin copy` use:
 * its name in the workspace, where visitors see it, and the description of its copy.
 */
export const copyPages = {
  home: { label: "Home", path: paths.home, schema: homeCopySchema },
  about: { label: "About", path: paths.about, schema: aboutCopySchema },
  services: { label: "Services", path: paths.services, schema: servicesCopySchema },
  "website-design": { label: "Website design", path: paths.websiteDesign, schema: websiteDesignCopySchema },
  "web-app-development": {
    label: "Web app development",
    path: paths.webAppDevelopment,
    schema: webAppDevelopmentCopySchema,
  },
  projects: { label: "Projects", path: paths.projects, schema: projectsCopySchema },
  "case-studies": { label: "Case studies", path: paths.caseStudies, schema: caseStudiesCopySchema },
  news: { label: "News", path: paths.news, schema: newsCopySchema },
  contact: { label: "Contact", path: paths.contact, schema: contactCopySchema },
  "book-appointment": {
    label: "Book an appointment",
    path: paths.bookAppointment,
    schema: bookAppointmentCopySchema,
  },
  "thank-you-web-app": {
    label: "Thank you (web app)",
    path: paths.thankYouWebApp,
    schema: thankYouWebAppCopySchema,
  },
  "thank-you-website-design": {
    label: "Thank you (website design)",
    path: paths.thankYouWebsiteDesign,
    schema: thankYouWebsiteDesignCopySchema,
  },
  "privacy-policy": {
    label: "Privacy policy",
    path: paths.privacyPolicy,
    schema: privacyPolicyCopySchema,
  },
} as const;

export type CopyPageName = keyof typeof copyPages;

/** A page's copy as checked, ready to show. */
export type PageCopy<P extends CopyPageName> = z.output<(typeof copyPages)[P]["schema"]>;

/**
 * A page's copy as staff see it (server/operations/pages/page-copy-operations.ts answers it,
 * the workspace's Pages screens show it): what visitors see, and an unpublished draft if there is one.
 */
export type PageCopyView = {
  page: CopyPageName;
  label: string;
  path: string;
  published: unknown;
  draft: unknown;
  /** False while the page shows the copy the site ships with. */
  customised: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
};

export const copyPageNames = Object.keys(copyPages) as CopyPageName[];

export const isCopyPageName = (name: string): name is CopyPageName => Object.hasOwn(copyPages, name);

/** The revision and preview target of a page's copy: "page:home". */
export const copyTarget = (page: CopyPageName) => `page:${page}`;
