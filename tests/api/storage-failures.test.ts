import { afterEach, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "#scripts/lib/built-server.ts";
import type { Readiness } from "#server/http/health.ts";
import { canMountScratchDisk, scratchDisk, type ScratchDisk } from "#tests/support/scratch-disk.ts";
import { endpoints, testFormSecret, websiteDesignLead } from "#tests/support/submissions.ts";
import { paths } from "#shared/paths.ts";

const env = { FORM_SECRET: testFormSecret, LEAD_RATE_LIMIT_MAX: "1000", LOG_LEVEL: "info" };
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startOn(disk: ScratchDisk): Promise<BuiltServer> {
  const server = await startBuiltServer({ ...env, DATA_DIR: disk.dir }, { wrap: disk.wrap });
  cleanups.push(() => server.stop());
  return server;
}

async function readiness(server: BuiltServer): Promise<{ status: number; body: Readiness }> {
  const res = await fetch(`${server.url}/readyz`);
  return { status: res.status, body: (await res.json()) as Readiness };
}

/** Polls /readyz (answers are cached for a second) until it gives `status`. */
async function readinessBecomes(server: BuiltServer, status: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await readiness(server);
    if (answer.status === status) return answer;
    if (Date.now() > deadline)
      throw new Error(`/readyz stayed ${answer.status}: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function submitLead(server: BuiltServer, email: string) {
  return fetch(`${server.url}${endpoints.websiteDesign}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(websiteDesignLead({ businessEmail: email })),
  });
}

/** The e-mail addresses stored, read inside the disk's namespace with a separate process. */
async function storedEmails(disk: ScratchDisk): Promise<string[]> {
  const script = `const db = new (require("better-sqlite3"))(process.argv[1], { readonly: true });
    console.log(JSON.stringify(db.prepare("select business_email from website_design_leads").pluck().all()));`;
  const out = await disk.exec(`"${process.execPath}" -e '${script}' "${disk.dir}/site.sqlite"`);
  return JSON.parse(out) as string[];
}

describe.runIf(canMountScratchDisk)("a read-only database", () => {
  it("starts, serves pages, answers /readyz and submissions 503 with the cause, and recovers when writable", async () => {
    const disk = await scratchDisk(8 * 1024);
    cleanups.push(() => disk.remove());
    const first = await startOn(disk);
    expect((await submitLead(first, "before@example.com")).status).toBe(201);
    await first.stop();

    // The database file read-only, its folder writable: what a wrong owner or mode gives.
    const file = `${disk.dir}/site.sqlite`;
    await disk.makeReadOnly(file);
    const server = await startOn(disk);
    const notReady = await readinessBecomes(server, 503);
    expect(notReady.body.status).toBe("not ready");
    expect(notReady.body.checks.database).toEqual({
      engine: "sqlite",
      status: "unavailable",
      cause: "read-only",
    });

    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const refused = await submitLead(server, "while-read-only@example.com");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("60");
    const body = (await refused.json()) as { success: boolean; error: string; requestId?: string };
    expect(body).toMatchObject({
      success: false,
      error: "Your request was not saved because of a problem on our side. Please try again in a minute.",
    });
    expect(body.requestId).toBe(refused.headers.get("x-request-id"));
    // The log line names the cause and carries the id the visitor was given.
    const logged = await server.waitForLog("submission not stored: storage unavailable");
    expect(logged).toMatchObject({ storage: "read-only", requestId: body.requestId });
    // The same form posted without JavaScript: its page again, with the same honest status.
    const fields = websiteDesignLead({ businessEmail: "no-js@example.com" }) as Record<string, string>;
    const page = await fetch(`${server.url}${paths.websiteDesign}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("60");
    expect(await page.text()).toContain(
      "Your request was not saved because of a problem on our side. Please try again in a minute.",
    );

    await disk.makeWritable(file);
    const ready = await readinessBecomes(server, 200);
    expect(ready.body.checks.database).toEqual({ engine: "sqlite", status: "ok" });
    expect((await submitLead(server, "after@example.com")).status).toBe(201);
    expect((await storedEmails(disk)).sort()).toEqual(["after@example.com", "before@example.com"]);
  }, 60_000);
});

describe.runIf(canMountScratchDisk)("a full disk", () => {
  it("answers 503 with the real cause logged, loses nothing acknowledged, and recovers when space is freed", async () => {
    const disk = await scratchDisk(4 * 1024);
    cleanups.push(() => disk.remove());
    const server = await startOn(disk);
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `early-${i}@example.com`;
      if ((await submitLead(server, email)).status === 201) acknowledged.push(email);
    }
    expect(acknowledged).toHaveLength(5);

    await disk.fill();
    // The write-ahead log may still have room for a few rows; a full disk shows within a few more.
    const answers: number[] = [];
    for (let i = 0; i < 200 && !answers.includes(503); i++) {
      const email = `full-${i}@example.com`;
      const res = await submitLead(server, email);
      answers.push(res.status);
      if (res.status === 201) acknowledged.push(email);
      if (res.status === 503) expect(res.headers.get("retry-after")).toBe("60");
    }
    expect(answers).toContain(503);
    expect(answers.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    const notReady = await readinessBecomes(server, 503);
    expect(notReady.body.checks.database).toEqual({
      engine: "sqlite",
      status: "unavailable",
      cause: "disk-full",
    });
    const logged = await server.waitForLog("submission not stored: storage unavailable");
    expect(logged).toMatchObject({ storage: "disk-full" });
    expect(String(logged.error)).toContain("the disk is full");
    expect(JSON.stringify(server.logs)).not.toContain("no transaction is active");

    await disk.free();
    await readinessBecomes(server, 200);
    const late = await submitLead(server, "after-space-freed@example.com");
    expect(late.status).toBe(201);
    acknowledged.push("after-space-freed@example.com");
    await server.stop();
    const stored = await storedEmails(disk);
    expect(acknowledged.filter((email) => !stored.includes(email))).toEqual([]);
  }, 60_000);
});
