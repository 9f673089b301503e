import type { z } from "zod";
import type { servicesCopySchema } from "#shared/copy/marketing-page-schemas.ts";

/** The copy the Services page (client/routes/services.tsx) ships with: requirements §2's six service blocks. */
export const servicesCopy = {
  header: {
    eyebrow: "What we do",
    title: "Our Services",
    subtitle:
      "Everything you need to plan, build, launch and grow your digital products, from one Cape Town team.",
  },
  listTitle: "All services",
  services: [
    {
      icon: "Globe",
      title: "Website Design & Development",
      text: "Branded, mobile-first websites that load fast, rank well and turn visitors into enquiries, on a CMS your team can update.",
      points: [
        "Custom design around your brand",
        "CMS or custom functionality",
        "SEO-ready and fast on every device",
      ],
      link: "website-design",
    },
    {
      icon: "Code",
      title: "Custom Web-Application Development",
      text: "Portals, dashboards and internal tools that replace spreadsheets and manual work, built to fit how your business runs.",
      points: [
        "Workflow automation",
        "Integrations with the tools you use",
        "Secure, scalable cloud hosting",
      ],
      link: "web-app-development",
    },
    {
      icon: "Smartphone",
      title: "Cross-Platform Mobile Development",
      text: "iOS and Android apps from one React Native code base: native feel, shorter timelines and one team to maintain it.",
      points: [
        "App Store and Google Play releases",
        "Offline-friendly design",
        "Push notifications and analytics",
      ],
      link: "none",
    },
    {
      icon: "Checklist",
      title: "Project Management & Infrastructure Consulting",
      text: "Experienced guidance for your technology projects: planning, delivery, cloud architecture and infrastructure as code.",
      points: ["Technical road maps", "Cloud and DevOps with Terraform", "Vendor and delivery oversight"],
      link: "none",
    },
    {
      icon: "Share",
      title: "Social Media & Content Marketing",
      text: "Content calendars, copy and visuals that grow an engaged audience and keep your brand front of mind.",
      points: ["Channel strategy", "Content creation", "Monthly reporting"],
      link: "none",
    },
    {
      icon: "Megaphone",
      title: "Paid Media Marketing",
      text: "Search and social campaigns with clear targets, careful budgets and landing pages built to convert.",
      points: ["Google and Meta campaigns", "Conversion tracking", "Landing-page optimisation"],
      link: "none",
    },
  ],
  cta: {
    title: "Not Sure Where to Start?",
    text: "Book a free consultation and we'll help you choose the right service for your goals and budget.",
    linkLabel: "Book an Appointment",
  },
} satisfies z.input<typeof servicesCopySchema>;
