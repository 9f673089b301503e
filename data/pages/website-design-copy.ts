import { Gauge, Paintbrush, Wrench } from "lucide-react";
import type { Feature } from "#shared/page-copy.ts";

/** The copy of the Website Design page (client/routes/website-design.tsx). */

/** SPEC §2: the three problem statements under the title. */
export const problems = [
  "Your website looks dated and doesn't reflect the quality of your business.",
  "Visitors arrive but leave without calling, booking or buying.",
  "Every small content change means waiting on a developer.",
] as const;

export const whatToExpect = [
  "A custom, branded design that reflects your business and speaks to your customers",
  "A CMS or custom functionality, whichever suits how you work",
  "Tech integrations with your booking, CRM, payment and analytics tools",
  "Mobile-first, cross-browser layouts that work on every phone, tablet and desktop",
  "Easy content updates your team can make without a developer",
  "SEO-ready from day one: fast pages, clean markup and structured data",
] as const;

/** A row of the "Website Types" table. */
export type WebsiteType = { type: string; bestFor: string; includes: string };

export const websiteTypes = [
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
] as const satisfies readonly WebsiteType[];

export const whyChooseUs = [
  {
    icon: Paintbrush,
    title: "Design That Converts",
    text: "Every layout is planned around what you want visitors to do next. Well-designed sites see up to 200% higher conversion.",
  },
  {
    icon: Gauge,
    title: "Built for Speed",
    text: "Lean pages that load fast on South African mobile networks, for better rankings and 30% higher engagement.",
  },
  {
    icon: Wrench,
    title: "Support After Launch",
    text: "Training for your team, maintenance plans and a local partner to call when you want to grow your site.",
  },
] as const satisfies readonly Feature[];
