import { describe, expect, it } from "vitest";
import express from "express";
import type { AppLoadContext } from "react-router";
import request from "supertest";
import { createPageCache } from "#server/http/page-cache.ts";
import { createLogger } from "#server/platform/logger.ts";

/** A cache in front of pages of a given size, counting renders, hits and misses. */
function pagesOf(bytes: number, maxBytes: number) {
  let renders = 0;
  const lookups = { hit: 0, miss: 0 };
  const cache = createPageCache({
    render: async (req) => {
      renders++;
      const body = `<html><body>${new URL(req.url).pathname}${"x".repeat(bytes)}</body></html>`;
      return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
    },
    // The stand-in renderer reads no context.
    renderContext: () => ({}) as AppLoadContext,
    issueFormToken: () => "token",
    readRevision: async () => 1,
    withScriptHashes: (policy) => policy,
    logger: createLogger("silent"),
    maxBytes,
    onLookup: (outcome) => lookups[outcome]++,
  });
  const app = express().use(cache.middleware);
  return { cache, app, lookups, renders: () => renders };
}

describe("page cache memory", () => {
  it("keeps copies within maxBytes, dropping the least recently used first", async () => {
    const pages = pagesOf(40_000, 100_000);
    for (const page of ["/a", "/b"]) await request(pages.app).get(page).expect(200);
    // /a used again, so /b is the oldest when /c needs room.
    await request(pages.app).get("/a").expect(200);
    await request(pages.app).get("/c").expect(200);
    expect(pages.cache.bytes).toBeLessThanOrEqual(100_000);
    expect(pages.cache.size).toBe(2);
    const before = pages.renders();
    await request(pages.app).get("/a").expect(200);
    expect(pages.renders()).toBe(before);
    await request(pages.app).get("/b").expect(200);
    expect(pages.renders()).toBe(before + 1);
    expect(pages.lookups).toEqual({ hit: 2, miss: 4 });
  });

  it("sends a page larger than the whole allowance without keeping it", async () => {
    const pages = pagesOf(50_000, 10_000);
    await request(pages.app).get("/big").expect(200);
    await request(pages.app).get("/big").expect(200);
    expect(pages.renders()).toBe(2);
    expect(pages.cache.size).toBe(0);
    expect(pages.cache.bytes).toBe(0);
  });
});

describe("page cache keys", () => {
  it("keeps a page under its one path, never under an alias the router reads as it", async () => {
    const pages = pagesOf(100, 100_000);
    // Mounted alone, nothing redirects first: the cache itself must step aside.
    for (const alias of ["/%41bout", "/%61bout", "/x/%2e%2e/about", "/%61dmin/sign-in", "/About"]) {
      const answer = await request(pages.app).get(alias);
      expect(answer.status).toBe(404);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
    }
    expect(pages.renders()).toBe(0);
    expect(pages.cache.size).toBe(0);
    await request(pages.app).get("/about").expect(200);
    expect(pages.cache.size).toBe(1);
  });
});
