import { machinePaths } from "#shared/paths.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const sitemap = new URL(machinePaths.sitemap, context.settings.siteUrl).href;
  const body = ["User-agent: *", "Allow: /", "Disallow: /api/", "", `Sitemap: ${sitemap}`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
