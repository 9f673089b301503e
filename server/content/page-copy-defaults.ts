import { aboutCopy } from "#data/pages/about-copy.ts";
import {
  bookAppointmentCopy,
  contactCopy,
  thankYouWebAppCopy,
  thankYouWebsiteDesignCopy,
} from "#data/pages/contact-pages-copy.ts";
import { homeCopy } from "#data/pages/home-copy.ts";
import { caseStudiesCopy, newsCopy, projectsCopy } from "#data/pages/list-pages-copy.ts";
import { privacyPolicyCopy } from "#data/pages/privacy-policy-copy.ts";
import { servicesCopy } from "#data/pages/services-copy.ts";
import { webAppDevelopmentCopy } from "#data/pages/web-app-development-copy.ts";
import { websiteDesignCopy } from "#data/pages/website-design-copy.ts";
import type { CopyPageName } from "#shared/copy/copy-pages.ts";

/** The copy each page ships with (data/pages/), shown until staff publish their own. */
export const defaultPageCopy: Record<CopyPageName, unknown> = {
  home: homeCopy,
  about: aboutCopy,
  services: servicesCopy,
  "website-design": websiteDesignCopy,
  "web-app-development": webAppDevelopmentCopy,
  projects: projectsCopy,
  "case-studies": caseStudiesCopy,
  news: newsCopy,
  contact: contactCopy,
  "book-appointment": bookAppointmentCopy,
  "thank-you-web-app": thankYouWebAppCopy,
  "thank-you-website-design": thankYouWebsiteDesignCopy,
  "privacy-policy": privacyPolicyCopy,
};
