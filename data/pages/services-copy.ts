import { ClipboardList, Code2, Globe, Megaphone, Share2, Smartphone } from "lucide-react";
import type { Feature } from "#shared/page-copy.ts";
import { paths } from "#shared/paths.ts";

/** The copy of the Services page (client/routes/services.tsx). */

/** A service block: a feature card with its main points, and its own page when it has one. */
export type Service = Feature & { points: readonly string[]; to?: string };

/** SPEC §2: the six service blocks; the two with their own page link to it. */
export const services = [
  {
    icon: Globe,
    title: "Website Design & Development",
    text: "Branded, mobile-first websites that load fast, rank well and turn visitors into enquiries, on a CMS your team can update.",
    points: [
      "Custom design around your brand",
      "CMS or custom functionality",
      "SEO-ready and fast on every device",
    ],
    to: paths.websiteDesign,
  },
  {
    icon: Code2,
    title: "Custom Web-Application Development",
    text: "Portals, dashboards and internal tools that replace spreadsheets and manual work, built to fit how your business runs.",
    points: ["Workflow automation", "Integrations with the tools you use", "Secure, scalable cloud hosting"],
    to: paths.webAppDevelopment,
  },
  {
    icon: Smartphone,
    title: "Cross-Platform Mobile Development",
    text: "iOS and Android apps from one React Native code base: native feel, shorter timelines and one team to maintain it.",
    points: [
      "App Store and Google Play releases",
      "Offline-friendly design",
      "Push notifications and analytics",
    ],
  },
  {
    icon: ClipboardList,
    title: "Project Management & Infrastructure Consulting",
    text: "Experienced guidance for your technology projects: planning, delivery, cloud architecture and infrastructure as code.",
    points: ["Technical road maps", "Cloud and DevOps with Terraform", "Vendor and delivery oversight"],
  },
  {
    icon: Share2,
    title: "Social Media & Content Marketing",
    text: "Content calendars, copy and visuals that grow an engaged audience and keep your brand front of mind.",
    points: ["Channel strategy", "Content creation", "Monthly reporting"],
  },
  {
    icon: Megaphone,
    title: "Paid Media Marketing",
    text: "Search and social campaigns with clear targets, careful budgets and landing pages built to convert.",
    points: ["Google and Meta campaigns", "Conversion tracking", "Landing-page optimisation"],
  },
] as const satisfies readonly Service[];
