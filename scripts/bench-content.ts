/**
 * Whether a list page's cost grows with the archive (docs/decisions/021-news-that-publishes.md):
 * seeds a scratch SQLite database with 10, 12 and 1,000 news posts and projects, starts the
 * built server on it, and prints per route the HTML's size and the median time of an
 * uncached render (a query string keeps the page cache out of it), beside the query plan
 * SQLite uses for a list page.
 *   npm run build && npm run bench:content [-- --items 10,12,1000 --renders 15]
 * 12 is one full list page: beside it, a page of a large archive should differ by its
 * pagination links only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { sql } from "kysely";
import { projects } from "#data/seed-projects.ts";
import { databaseLocation, loadConfig } from "#server/platform/config.ts";
import { insertContent } from "#server/db/content-items.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { NewsPost } from "#shared/content-types.ts";
import { machinePaths, paths } from "#shared/paths.ts";
import { startBuiltServer } from "./lib/built-server";

const { values } = parseArgs({
  options: { items: { type: "string", default: "10,12,1000" }, renders: { type: "string", default: "15" } },
});
const sizes = values.items.split(",").map(Number);
const renders = Number(values.renders);

const paragraph =
  "Most of your customers browse on mid-range phones over mobile data, where every extra megabyte costs money and patience. ";
function newsPost(n: number): NewsPost {
  return {
    id: `post-${n}`,
    title: `Article number ${n}: what South African businesses should know`,
    excerpt: `A short summary of article ${n}, as the news card shows it.`,
    // About 1,500 words: a real article's length, so a page that sent bodies would show it.
    content: Array.from({ length: 12 }, (_, i) => `## Part ${i + 1}\n\n${paragraph.repeat(6)}`).join("\n\n"),
    image: { src: "/images/news/core-web-vitals-and-conversion.svg", width: 1280, height: 720 },
    date: "2026-01-15",
    author: "Thandiwe Mokoena",
    category: n % 4 === 0 ? "Cloud" : "Web Development",
  };
}

async function seed(db: Db, count: number) {
  // The built-in samples are there already; top the archive up to `count` of each.
  const have = async (kind: "news" | "projects") =>
    Number(
      (
        await db
          .selectFrom("content_items")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("kind", "=", kind)
          .executeTakeFirstOrThrow()
      ).n,
    );
  for (let n = (await have("news")) + 1; n <= count; n++) {
    await insertContent(db, "news", newsPost(n), { status: "published" });
  }
  for (let n = (await have("projects")) + 1; n <= count; n++) {
    const sample = projects[n % projects.length] ?? projects[0];
    if (!sample) throw new Error("data/seed-projects.ts has no projects");
    await insertContent(db, "projects", { ...sample, id: `project-${n}` }, { status: "published" });
  }
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;
type Row = Record<string, string | number>;
const rows: Row[] = [];

for (const count of sizes) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-content-"));
  const db = await openDatabase(databaseLocation(loadConfig({ DATA_DIR: dataDir })));
  try {
    await migrateToLatest(db);
    await seed(db, count);
    if (count === sizes.at(-1)) {
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
        SELECT * FROM content_items WHERE kind = 'news' AND status = 'published'
        ORDER BY position, id LIMIT 12 OFFSET 588`.execute(db);
      console.log(`SQLite's plan for a news page: ${plan.rows.map((row) => row.detail).join("; ")}`);
    }
  } finally {
    await db.destroy();
  }
  const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  try {
    const lastPage = Math.max(1, Math.ceil(count / 12));
    const routes = [
      paths.news,
      ...(lastPage >= 50 ? [paths.newsPage(50)] : []),
      paths.newsArticle(`post-${count}`),
      paths.projects,
      machinePaths.sitemap,
    ];
    for (const route of routes) {
      const times: number[] = [];
      let html = "";
      for (let i = 0; i <= renders; i++) {
        const started = performance.now();
        const response = await fetch(`${server.url}${route}?uncached=${i}`);
        html = await response.text();
        if (!response.ok) throw new Error(`${route}: ${response.status}`);
        // The first render warms the process; it is not counted.
        if (i > 0) times.push(performance.now() - started);
      }
      rows.push({
        items: count,
        route,
        "HTML KB": Number((Buffer.byteLength(html) / 1024).toFixed(1)),
        "HTML KB gz": Number((gzipSync(html).length / 1024).toFixed(1)),
        "render ms (median)": Number(median(times).toFixed(1)),
      });
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`${renders} uncached renders per route, after one to warm up`);
console.table(rows);
