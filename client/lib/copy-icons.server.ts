import type { AppLoadContext } from "react-router";
import * as badgeDollarSign from "lucide-react/icons/badge-dollar-sign";
import * as clipboardList from "lucide-react/icons/clipboard-list";
import * as codeXml from "lucide-react/icons/code-xml";
import * as cpu from "lucide-react/icons/cpu";
import * as gauge from "lucide-react/icons/gauge";
import * as globe from "lucide-react/icons/globe";
import * as handshake from "lucide-react/icons/handshake";
import * as headphones from "lucide-react/icons/headphones";
import * as layers from "lucide-react/icons/layers";
import * as lifeBuoy from "lucide-react/icons/life-buoy";
import * as lightbulb from "lucide-react/icons/lightbulb";
import * as megaphone from "lucide-react/icons/megaphone";
import * as messagesSquare from "lucide-react/icons/messages-square";
import * as paintbrush from "lucide-react/icons/paintbrush";
import * as route from "lucide-react/icons/route";
import * as server from "lucide-react/icons/server";
import * as share2 from "lucide-react/icons/share-2";
import * as shieldCheck from "lucide-react/icons/shield-check";
import * as smartphone from "lucide-react/icons/smartphone";
import * as users from "lucide-react/icons/users";
import * as wrench from "lucide-react/icons/wrench";
import { z } from "zod";
import {
  copyIconNames,
  type CopyIconData,
  type CopyIconName,
  type CopyIconSet,
} from "#shared/copy/copy-icons.ts";
import type { CopyPageName } from "#shared/copy/copy-pages.ts";
import { pageCopyData, readPageCopy } from "./page-copy";

/*
 * Server only (the `.server` name keeps it out of every browser bundle): the pages get
 * the drawing of each icon their copy uses in their loader data, so no visitor chunk
 * carries the icons' modules (docs/decisions/037-visitor-chunks.md).
 */

/** The lucide icon module each icon name of page copy draws. */
const iconModules: Record<CopyIconName, object> = {
  Badge: badgeDollarSign,
  Checklist: clipboardList,
  Code: codeXml,
  Chip: cpu,
  Gauge: gauge,
  Globe: globe,
  Handshake: handshake,
  Headphones: headphones,
  Layers: layers,
  Lifebuoy: lifeBuoy,
  Lightbulb: lightbulb,
  Megaphone: megaphone,
  Messages: messagesSquare,
  Paintbrush: paintbrush,
  Route: route,
  Server: server,
  Share: share2,
  Shield: shieldCheck,
  Smartphone: smartphone,
  Team: users,
  Wrench: wrench,
};

/**
 * Lucide exports each icon's data beside its component as `__iconData`, which its types do
 * not name: read through a schema, so an upgrade that changes it fails at start, not on a page.
 */
const iconModule = z.object({
  __iconData: z.object({
    name: z.string(),
    aliases: z.array(z.string()).optional(),
    node: z.array(z.tuple([z.string(), z.record(z.string(), z.string())])),
  }),
});

/** An icon's drawing without lucide's React keys: the page adds its own, the HTML stays smaller. */
function readIconData(module: object): CopyIconData {
  const { name, aliases, node } = iconModule.parse(module).__iconData;
  return {
    name,
    ...(aliases?.length ? { aliases } : {}),
    node: node.map(([tag, { key: _key, ...attributes }]) => [tag, attributes]),
  };
}

const iconData = Object.fromEntries(
  copyIconNames.map((name) => [name, readIconData(iconModules[name])]),
) as Record<CopyIconName, CopyIconData>;

const isCopyIconName = (value: unknown): value is CopyIconName =>
  (copyIconNames as readonly unknown[]).includes(value);

/** The icon names a page's copy uses: every `icon` field, at any depth. */
function collectIconNames(value: unknown, found = new Set<CopyIconName>()): Set<CopyIconName> {
  if (Array.isArray(value)) {
    for (const item of value) collectIconNames(item, found);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "icon" && isCopyIconName(item)) found.add(item);
      else collectIconNames(item, found);
    }
  }
  return found;
}

/** The drawings of the icons a page's copy uses, and only those. */
export const resolveCopyIcons = (copy: unknown): CopyIconSet =>
  Object.fromEntries([...collectIconNames(copy)].map((name) => [name, iconData[name]]));

/** `loadPageCopy` for a page whose copy shows icons: the copy's icons come with it. */
export async function loadPageCopyWithIcons<P extends CopyPageName, E extends object = object>(
  context: AppLoadContext,
  request: Request,
  page: P,
  extra?: E,
) {
  const pageCopy = await readPageCopy(context, request, page);
  return pageCopyData({ ...(extra as E), ...pageCopy, icons: resolveCopyIcons(pageCopy.copy) });
}
