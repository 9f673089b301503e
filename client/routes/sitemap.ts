import { indexablePages, paths } from "../../shared/paths";
import type { Route } from "./+types/sitemap";

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export async function loader({ context }: Route.LoaderArgs) {
  const studies = await context.content.listCaseStudies();
  const urls = [...indexablePages, ...studies.map((study) => paths.caseStudy(study.id))].map(
    (path) => `  <url><loc>${escapeXml(new URL(path, context.settings.siteUrl).href)}</loc></url>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
