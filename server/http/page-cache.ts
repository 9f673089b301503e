import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { AppLoadContext } from "react-router";
import { canonicalPath } from "#server/http/canonical-path.ts";
import type { Logger } from "#server/platform/logger.ts";
import { clickIdKinds, utmParams, VISIT_PARAM } from "#shared/visit-source.ts";

/**
 * Rendered pages kept in memory and sent as they are, at the speed of a static file
 * (docs/decisions/015-page-cache.md).
 *
 * - Which: GET and HEAD of a page without a query string that rendered 200 as HTML, and
 *   whose route did not say `no-store`. Everything else renders per request as before.
 *   Parameters only the browser reads (a visit's source, campaign tags, click ids) are
 *   no query string to the cache: the server renders the same page with or without them.
 * - CSP: a cached page carries no nonce. Its inline scripts are allowed by their SHA-256
 *   hashes, so the same bytes with the same header can be kept by a CDN or proxy too
 *   (`s-maxage`, `stale-while-revalidate`).
 * - Forms: a page with a form is rendered once with a placeholder for its signed start
 *   field; each response gets a fresh one (and the hashes of its scripts). Such a page is
 *   `private`: only this process keeps it.
 * - Freshness: each copy is stamped with the content revision it was rendered at; the
 *   revision is read at most once per `revisionCheckMs`, and a change drops every copy.
 *   Copies also expire after `maxAgeMs`, for what depends on the day (the appointment
 *   form's dates, the footer's year).
 */

/** Stands in for a form's start field in a cached page; letters and digits only, so no escaping changes it. */
export const FORM_TOKEN_PLACEHOLDER = "formTokenPlaceholder7Qx3Vb9Kd2Lm8Wz";

export type PageCacheOptions = {
  /** Renders a page for the cache: no nonce, the placeholder for form tokens, the whole page at once. */
  render(request: globalThis.Request, context: AppLoadContext): Promise<globalThis.Response>;
  /** The load context for a cache render of this request (its logger, no nonce). */
  renderContext(req: Request, res: Response): AppLoadContext;
  /** A fresh start field for a form. */
  issueFormToken(): string;
  readRevision(): Promise<number>;
  /** The CSP header with its script-src allowing these inline-script hashes instead of a nonce. */
  withScriptHashes(policy: string, hashes: string[]): string;
  logger: Logger;
  maxAgeMs?: number;
  revisionCheckMs?: number;
  /** How long a shared cache may keep a page, and serve it stale while it fetches a new one. */
  sharedMaxAgeSeconds?: number;
  staleWhileRevalidateSeconds?: number;
  maxEntries?: number;
  /** Memory the copies may take at most (HTML and its compressed bytes); the oldest go first. */
  maxBytes?: number;
  /** Counts hits and misses (server/metrics/site-metrics.ts). */
  onLookup?: (outcome: "hit" | "miss") => void;
  now?: () => number;
};

/** A page that cannot be kept (not 200, not HTML, `no-store`): rendered per request, remembered as such. */
type Pass = { pass: true; revision: number; storedAt: number; bytes?: undefined };

type Entry = {
  pass?: undefined;
  status: number;
  headers: Array<[string, string]>;
  /** Pages with a form only: shared pages keep their bytes, not a second copy as a string. */
  html: string;
  /** What the copy holds in memory, for maxBytes. */
  bytes: number;
  revision: number;
  storedAt: number;
  /**
   * Pages without a form: the same bytes for everyone, compressed once, off the request
   * path (Brotli 11 of one page is ~50 ms of CPU); until then the compression middleware
   * compresses each response as it would any other.
   */
  shared?: { hashes: string[]; etag: string; identity: Buffer; gzip?: Buffer; br?: Buffer };
};

/** The `'sha256-…'` source of each inline script, in the order they appear. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? "")) continue;
    hashes.push(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...new Set(hashes)];
}

/**
 * The query parameters no page's server render reads: the site script reads them in the
 * browser (docs/decisions/045-lead-attribution.md).
 */
const BROWSER_PARAMS = new Set<string>([VISIT_PARAM, ...Object.keys(utmParams), ...clickIdKinds]);

/** Whether the URL has no query string, or one only the browser reads. */
function onlyBrowserParams(originalUrl: string): boolean {
  const mark = originalUrl.indexOf("?");
  if (mark === -1) return true;
  const names = [...new URLSearchParams(originalUrl.slice(mark + 1)).keys()];
  return names.length > 0 && names.every((name) => BROWSER_PARAMS.has(name));
}

/** Headers a cached copy may not repeat: they belong to one response. */
const PER_RESPONSE = new Set(["set-cookie", "content-length", "content-encoding", "date", "x-request-id"]);

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The kept copies, in insertion order: a hit moves its copy to the end, and the oldest
 * unused go first once there are more than `maxEntries` or they take more than `maxBytes`.
 */
function createCopyStore(maxEntries: number, maxBytes: number) {
  const entries = new Map<string, Entry | Pass>();
  let keptBytes = 0;

  function drop(key: string): void {
    keptBytes -= entries.get(key)?.bytes ?? 0;
    entries.delete(key);
  }

  function evictOverflow(): void {
    while (entries.size > maxEntries || keptBytes > maxBytes) drop(entries.keys().next().value ?? "");
  }

  return {
    get: (key: string) => entries.get(key),
    /** A hit: the copy moves to the end of the order. */
    touch(key: string, entry: Entry | Pass): void {
      entries.delete(key);
      entries.set(key, entry);
    },
    keep<T extends Entry | Pass>(key: string, entry: T): T {
      drop(key);
      // A copy larger than the whole allowance is sent, never kept.
      if ((entry.bytes ?? 0) > maxBytes) return entry;
      keptBytes += entry.bytes ?? 0;
      entries.set(key, entry);
      evictOverflow();
      return entry;
    },
    /** A kept copy grew (its compressed bytes): counted only while it is still the one kept. */
    grew(key: string, entry: Entry, added: number): void {
      if (entries.get(key) === entry) {
        keptBytes += added;
        evictOverflow();
      }
    },
    clear(): void {
      entries.clear();
      keptBytes = 0;
    },
    size: () => entries.size,
    bytes: () => keptBytes,
  };
}

/**
 * The content revision the copies are stamped with, read again once it is older than
 * `revisionCheckMs`; a change calls `onChange` (which empties the cache).
 */
function createRevisionWatch(
  readRevision: () => Promise<number>,
  now: () => number,
  revisionCheckMs: number,
  onChange: () => void,
) {
  let revision = 0;
  let revisionReadAt = Number.NEGATIVE_INFINITY;
  let revisionRead: Promise<number> | undefined;
  /** Moves on at each recheck: a read started before it must not count as fresh after it. */
  let generation = 0;
  return {
    async current(): Promise<number> {
      if (now() - revisionReadAt < revisionCheckMs) return revision;
      const startedIn = generation;
      revisionRead ??= readRevision()
        .then((read) => {
          if (read !== revision) onChange();
          revision = read;
          if (startedIn === generation) revisionReadAt = now();
          return read;
        })
        .finally(() => {
          revisionRead = undefined;
        });
      return revisionRead;
    },
    recheck(): void {
      generation++;
      revisionReadAt = Number.NEGATIVE_INFINITY;
      revisionRead = undefined;
    },
  };
}

/** The request a cache render makes: the page's URL and the headers a page may read. */
function cacheRenderRequest(key: string, req: Request): globalThis.Request {
  const url = new URL(key, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const name of ["accept", "accept-language", "user-agent"]) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  return new globalThis.Request(url, { method: "GET", headers });
}

/** Whether a rendered response may be kept: 200, HTML, no cookie, nothing saying not to. */
function keepable(response: globalThis.Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  const cacheControl = response.headers.get("cache-control") ?? "";
  return !(
    response.status !== 200 ||
    !type.startsWith("text/html") ||
    response.headers.has("set-cookie") ||
    /no-store|private/.test(cacheControl)
  );
}

type SendOptions = Pick<PageCacheOptions, "issueFormToken" | "withScriptHashes"> & {
  sharedCacheControl: string;
};

/** Sends a kept copy: a page with a form gets a fresh start field, a shared page its stored bytes. */
function sendEntry(entry: Entry, req: Request, res: Response, options: SendOptions): void {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  const policy = String(res.getHeader("Content-Security-Policy") ?? "");
  const head = req.method === "HEAD";
  if (!entry.shared) {
    // A fresh start field for this visitor: the page is theirs alone.
    const html = entry.html.replaceAll(FORM_TOKEN_PLACEHOLDER, options.issueFormToken());
    res.setHeader("Content-Security-Policy", options.withScriptHashes(policy, inlineScriptHashes(html)));
    res.setHeader("Cache-Control", "private, no-cache");
    res.setHeader("X-Page-Cache", "hit; private");
    if (head) res.end();
    else res.send(html);
    return;
  }
  const { shared } = entry;
  res.setHeader("Content-Security-Policy", options.withScriptHashes(policy, shared.hashes));
  res.setHeader("Cache-Control", options.sharedCacheControl);
  res.setHeader("ETag", shared.etag);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Page-Cache", "hit");
  if (req.get("if-none-match") === shared.etag) {
    res.status(304).end();
    return;
  }
  const encoding = req.acceptsEncodings("br", "gzip", "identity");
  const compressed = encoding === "br" ? shared.br : encoding === "gzip" ? shared.gzip : undefined;
  const body = compressed ?? shared.identity;
  // Set before anything is written, so the compression middleware leaves the body alone.
  if (compressed && (encoding === "br" || encoding === "gzip")) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(head ? undefined : body);
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const revisionCheckMs = options.revisionCheckMs ?? 1_000;
  const sharedCacheControl = `public, max-age=0, s-maxage=${options.sharedMaxAgeSeconds ?? 60}, stale-while-revalidate=${options.staleWhileRevalidateSeconds ?? 600}`;
  const maxEntries = options.maxEntries ?? 500;
  // The whole site is well under 2 MB of copies; the cap bounds what many distinct URLs cost.
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  const copies = createCopyStore(maxEntries, maxBytes);
  const rendering = new Map<string, Promise<Entry | Pass>>();
  const revisions = createRevisionWatch(() => options.readRevision(), now, revisionCheckMs, copies.clear);

  async function renderEntry(
    key: string,
    req: Request,
    res: Response,
    atRevision: number,
  ): Promise<Entry | Pass> {
    // A page that rendered its error state (content could not be read) is sent this once and
    // rendered afresh next time, never kept: the failure may be over by the next request.
    let degraded = false;
    const response = await options.render(cacheRenderRequest(key, req), {
      ...options.renderContext(req, res),
      onDegraded: () => {
        degraded = true;
      },
    });
    if (!keepable(response)) {
      await response.body?.cancel();
      return copies.keep(key, { pass: true, revision: atRevision, storedAt: now() });
    }
    const html = await response.text();
    if (degraded) return { pass: true, revision: atRevision, storedAt: now() };
    const entry: Entry = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !PER_RESPONSE.has(name.toLowerCase())),
      html,
      bytes: Buffer.byteLength(html),
      revision: atRevision,
      storedAt: now(),
    };
    if (!html.includes(FORM_TOKEN_PLACEHOLDER)) {
      const identity = Buffer.from(html, "utf8");
      entry.html = "";
      const shared: NonNullable<Entry["shared"]> = {
        hashes: inlineScriptHashes(html),
        etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
        identity,
      };
      entry.shared = shared;
      entry.bytes = identity.length;
      void compressShared(key, entry, shared);
    }
    return copies.keep(key, entry);
  }

  /** Fills in a kept page's compressed bytes, in zlib's thread pool. */
  async function compressShared(key: string, entry: Entry, shared: NonNullable<Entry["shared"]>) {
    try {
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(shared.identity, { level: 9 }),
        brotliAsync(shared.identity, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: shared.identity.length },
        }),
      ]);
      shared.gzip = gzipped;
      shared.br = brotli;
      const added = gzipped.length + brotli.length;
      entry.bytes += added;
      // Counted only while kept (not dropped meanwhile by a new revision), in its place in the order.
      copies.grew(key, entry, added);
    } catch (error) {
      options.logger.warn({ err: error, path: key }, "page cache could not compress a page");
    }
  }

  async function lookup(key: string, req: Request, res: Response): Promise<Entry | Pass> {
    const atRevision = await revisions.current();
    const entry = copies.get(key);
    if (entry && entry.revision === atRevision && now() - entry.storedAt < maxAgeMs) {
      options.onLookup?.(entry.pass ? "miss" : "hit");
      copies.touch(key, entry);
      return entry;
    }
    options.onLookup?.("miss");
    // One render per page at a time; everyone asking meanwhile gets its result.
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderEntry(key, req, res, atRevision).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  const sendOptions: SendOptions = {
    issueFormToken: () => options.issueFormToken(),
    withScriptHashes: (policy, hashes) => options.withScriptHashes(policy, hashes),
    sharedCacheControl,
  };
  const middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !onlyBrowserParams(req.originalUrl)) return next();
    // React Router's data requests for client-side navigation carry per-visitor form tokens.
    if (req.path.endsWith(".data")) return next();
    // A page is kept under its one path only, never under an alias the router reads as it
    // (`/%41bout`, `/x/../about`): the canonical-path redirect answers those before this.
    if (canonicalPath(req.path) !== req.path) return next();
    lookup(req.path, req, res).then(
      (entry) => (entry.pass ? next() : sendEntry(entry, req, res, sendOptions)),
      (error: unknown) => {
        options.logger.warn(
          { err: error, path: req.path },
          "page cache could not render; rendering as usual",
        );
        next();
      },
    );
  };

  return {
    middleware,
    /** Drops every copy (tests; a deploy does it by restarting). */
    clear: copies.clear,
    /**
     * Content may have changed on this instance: the next request reads the revision again
     * instead of trusting the last read for up to revisionCheckMs, so whoever just published
     * sees it at once. Other instances (and the CLI's changes) still take up to that long.
     */
    recheckRevision: revisions.recheck,
    get size() {
      return copies.size();
    },
    /** Memory the kept copies take. */
    get bytes() {
      return copies.bytes();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
