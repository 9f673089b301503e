/**
 * The icons a card of page copy may show, by name (client/lib/copy-icons.server.ts
 * resolves their drawings for the page's loader, client/components/ui/copy-icon.tsx draws
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

/**
 * What the page draws a copy icon from: lucide's data for it (name and aliases give its
 * class names; each element a tag and its attributes), sent in the loader data so no
 * visitor bundle carries an icon's module. Plain strings, so it crosses as loader data.
 */
export type CopyIconData = {
  name: string;
  aliases?: string[];
  node: Array<[tag: string, attributes: Record<string, string>]>;
};

/** The drawing data of the icons one page's copy uses, by name. */
export type CopyIconSet = Partial<Record<CopyIconName, CopyIconData>>;
