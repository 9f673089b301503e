import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/** The path the reference server answers with the page copy; everything else goes to the site. */
export const REFERENCE_PATH = "/static-reference";

/**
 * A yardstick for Lighthouse on a noisy machine: the site's home page with every script
 * taken out, served as a static file (gzip, no server work) from a small server on
 * loopback that passes every other request (styles, images) to the site. A route's
 * blocking time beside this page's, measured in the same run, says what its scripts cost.
 */
export async function startReferenceServer(siteUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const home = await (await fetch(siteUrl, { headers: { "Accept-Encoding": "identity" } })).text();
  const page = gzipSync(home.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ""), { level: 9 });
  const server = createServer((req, res) => {
    if (req.url === REFERENCE_PATH) {
      res.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Encoding": "gzip",
        "Content-Length": page.length,
      });
      res.end(page);
      return;
    }
    fetch(`${siteUrl}${req.url ?? "/"}`, { headers: { "Accept-Encoding": "identity" } })
      .then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status, {
          "Content-Type": answer.headers.get("content-type") ?? "application/octet-stream",
          "Cache-Control": answer.headers.get("cache-control") ?? "no-cache",
          "Content-Length": body.length,
        });
        res.end(body);
      })
      .catch(() => {
        res.writeHead(502).end();
      });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
