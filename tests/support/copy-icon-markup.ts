import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { CopyIconName } from "#shared/copy/copy-icons.ts";

/** Lucide's own component for each icon name of page copy: what the cards showed before their icons became data. */
const components: Record<CopyIconName, lucide.LucideIcon> = {
  Badge: lucide.BadgeDollarSign,
  Checklist: lucide.ClipboardList,
  Code: lucide.Code2,
  Chip: lucide.Cpu,
  Gauge: lucide.Gauge,
  Globe: lucide.Globe,
  Handshake: lucide.Handshake,
  Headphones: lucide.Headphones,
  Layers: lucide.Layers,
  Lifebuoy: lucide.LifeBuoy,
  Lightbulb: lucide.Lightbulb,
  Megaphone: lucide.Megaphone,
  Messages: lucide.MessagesSquare,
  Paintbrush: lucide.Paintbrush,
  Route: lucide.Route,
  Server: lucide.Server,
  Share: lucide.Share2,
  Shield: lucide.ShieldCheck,
  Smartphone: lucide.Smartphone,
  Team: lucide.Users,
  Wrench: lucide.Wrench,
};

/** The svg lucide's named component draws for an icon, as a card shows it. */
export const copyIconMarkup = (name: CopyIconName) =>
  renderToStaticMarkup(createElement(components[name], { "aria-hidden": "true", className: "size-6" }));

/** The icon names a page's copy uses. */
export const iconsInCopy = (copy: unknown) =>
  new Set([...JSON.stringify(copy).matchAll(/"icon":"(\w+)"/g)].map((match) => match[1] as CopyIconName));
