import { paths, type indexablePages } from "./paths";

/**
 * The image a link to a page shows when it is shared (Open Graph and Twitter cards): one
 * per fixed page, drawn in the brand at build time (scripts/build-social-cards.ts), and the
 * brand's own card for every other page. Words are the page's heading.
 */
export type SocialCard = {
  /** A short label above the title, as on the page. */
  eyebrow: string;
  title: string;
};

export const socialCards = {
  [paths.home]: {
    eyebrow: "Cape Town software studio",
    title: "Web & Mobile Apps That Help Your Business Scale",
  },
  [paths.about]: { eyebrow: "The studio", title: "About Us" },
  [paths.services]: { eyebrow: "What we do", title: "Our Services" },
  [paths.websiteDesign]: { eyebrow: "Service", title: "Website Design & Development" },
  [paths.webAppDevelopment]: { eyebrow: "Service", title: "Custom Web-App Development" },
  [paths.projects]: { eyebrow: "Selected work", title: "Our Projects" },
  [paths.caseStudies]: { eyebrow: "Clients", title: "Case Studies" },
  [paths.news]: { eyebrow: "Journal", title: "Tech News & Updates" },
  [paths.contact]: { eyebrow: "Get in touch", title: "Contact Us" },
  [paths.bookAppointment]: { eyebrow: "Let's talk", title: "Book an Appointment" },
  [paths.privacyPolicy]: { eyebrow: "Policies", title: "Privacy & Cookie Policy" },
} as const satisfies Record<(typeof indexablePages)[number], SocialCard>;

/** The card every other page shares: the brand and its promise. */
export const defaultSocialCard: SocialCard = {
  eyebrow: "Cape Town software studio",
  title: "Web & Mobile Apps That Help Your Business Scale",
};

const SOCIAL_DIR = "/images/social";

/** The file name of a fixed page's card: "/" is home, "/services/website-design" is services-website-design. */
export function socialCardName(path: string): string {
  return path.replace(/^\/|\/$/g, "").replaceAll("/", "-") || "home";
}

/** The image a page's link preview shows: its own card, or the brand's. */
export function socialImagePath(path: string): string {
  return Object.hasOwn(socialCards, path)
    ? `${SOCIAL_DIR}/${socialCardName(path)}.png`
    : `${SOCIAL_DIR}/${socialCardName("/default")}.png`;
}
