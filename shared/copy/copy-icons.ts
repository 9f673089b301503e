/**
 * The icons a card of page copy may show, by name (client/lib/copy-icons.ts draws
 * them): a fixed set, so the copy stays data and the pages load no icon they do not use.
 */
export const copyIconNames = [
  "Badge",
  "Checklist",
  "Code",
  "Chip",
  "Gauge",
  "Globe",
  "Handshake",
  "Headphones",
  "Layers",
  "Lifebuoy",
  "Lightbulb",
  "Megaphone",
  "Messages",
  "Paintbrush",
  "Route",
  "Server",
  "Share",
  "Shield",
  "Smartphone",
  "Team",
  "Wrench",
] as const;

export type CopyIconName = (typeof copyIconNames)[number];
