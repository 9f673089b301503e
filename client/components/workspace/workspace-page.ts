import type { MetaDescriptor } from "react-router";
import type { PageHandle } from "#client/lib/hydration.ts";

/**
 * What every workspace route module exports, so each page is titled "… · Workspace", kept
 * out of search engines, hydrated as soon as it paints (the workspace is an app), and
 * rendered without the visitor site's header, footer, consent banner and site script
 * (client/root.tsx reads `workspace`).
 *
 *   export const meta = () => workspaceMeta("Users");
 *   export const handle = workspaceHandle;
 */
export function workspaceMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · Workspace` }, { name: "robots", content: "noindex, nofollow" }];
}

export const workspaceHandle: PageHandle = { hydrate: "eager", workspace: true };
