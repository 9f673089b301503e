import type { z } from "zod";
import type { websiteDesignCopySchema } from "#shared/copy/marketing-page-schemas.ts";

/** The copy the Website Design page (client/routes/website-design.tsx) ships with. */
export const websiteDesignCopy = {
  hero: {
    title: "Website Design & Development",
    subtitle: "Websites that look the part, load fast and turn visitors into enquiries.",
    problems: [
      "Your website looks dated and doesn't reflect the quality of your business.",
      "Visitors arrive but leave without calling, booking or buying.",
      "Every small content change means waiting on a developer.",
    ],
    showcaseTitle: "Our Website Portfolio",
  },
  whatToExpect: {
    title: "What to Expect",
    items: [
      "A custom, branded design that reflects your business and speaks to your customers",
      "A CMS or custom functionality, whichever suits how you work",
      "Tech integrations with your booking, CRM, payment and analytics tools",
      "Mobile-first, cross-browser layouts that work on every phone, tablet and desktop",
      "Easy content updates your team can make without a developer",
      "SEO-ready from day one: fast pages, clean markup and structured data",
    ],
  },
  websiteTypes: {
    title: "Website Types",
    rows: [
      {
        type: "Marketing Sites",
        bestFor: "Service businesses, professionals and product launches",
        includes: "Branded pages, lead forms, analytics, SEO set-up",
      },
      {
        type: "Custom CMS Websites",
        bestFor: "Teams that publish often: news, listings, resources",
        includes: "Content editor, user roles, custom content types, search",
      },
      {
        type: "SME Web Portals",
        bestFor: "Businesses serving clients or partners online",
        includes: "Secure log-in areas, documents, bookings, integrations",
      },
    ],
  },
  whyChooseUs: {
    title: "Why Choose Us",
    cards: [
      {
        icon: "Paintbrush",
        title: "Design That Converts",
        text: "Every layout is planned around what you want visitors to do next. Well-designed sites see up to 200% higher conversion.",
      },
      {
        icon: "Gauge",
        title: "Built for Speed",
        text: "Lean pages that load fast on South African mobile networks, for better rankings and 30% higher engagement.",
      },
      {
        icon: "Wrench",
        title: "Support After Launch",
        text: "Training for your team, maintenance plans and a local partner to call when you want to grow your site.",
      },
    ],
  },
} satisfies z.input<typeof websiteDesignCopySchema>;
