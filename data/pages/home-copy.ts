import { Code2, LifeBuoy, Smartphone } from "lucide-react";
import type { Feature, Step } from "#shared/page-copy.ts";

/** The copy of the home page (client/routes/home.tsx). */

/** "What We Do". */
export const values = [
  {
    icon: Code2,
    title: "Web Development",
    text: "Fast, secure websites and web applications built on modern frameworks, designed to turn visitors into customers.",
  },
  {
    icon: Smartphone,
    title: "Mobile Development",
    text: "Cross-platform iOS and Android apps from one code base, so your customers get a polished app sooner and for less.",
  },
  {
    icon: LifeBuoy,
    title: "Maintenance & Support",
    text: "Updates, monitoring and improvements after launch, so your software stays fast, secure and ready to grow with you.",
  },
] as const satisfies readonly Feature[];

/** A figure and what it measures, in the results band. */
export type Claim = { figure: string; text: string };

export const claims = [
  { figure: "200%", text: "higher conversion from websites designed around your customers" },
  { figure: "30%", text: "higher engagement with mobile-first, fast-loading experiences" },
  { figure: "Up to 46%", text: "more productivity when custom software replaces manual work" },
] as const satisfies readonly Claim[];

/** "How We Work". */
export const steps = [
  {
    title: "Discovery",
    text: "We learn your business, your customers and your goals, and agree what success looks like.",
  },
  {
    title: "Planning",
    text: "We shape the scope, the architecture and a clear timeline, with a fixed proposal you can budget for.",
  },
  {
    title: "Development",
    text: "We design and build in short sprints, showing you working software every step of the way.",
  },
  {
    title: "Launch & Support",
    text: "We launch with care, then monitor, support and improve your product as your business grows.",
  },
] as const satisfies readonly Step[];
