import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, spawnBuiltServer } from "#scripts/lib/built-server.ts";
import { TOTP_KEY_FILE } from "#server/auth/totp-secrets.ts";
import { escapeHtml } from "#shared/escape-html.ts";
import { apiPaths, paths } from "#shared/paths.ts";
import { requestMessages } from "#shared/request-messages.ts";
import { testFormSecret } from "#tests/support/submissions.ts";
import { createScratchDatabase, type ScratchDatabase } from "#tests/support/test-database.ts";

/**
 * The built server in its own process, everything it writes to stdout and stderr kept:
 * requests carrying canary secrets (a password in a body that is not JSON, a body that is
 * not UTF-8, a token in a link) are refused with the JSON answer, and no canary appears
 * anywhere in what the process wrote (docs/decisions/030-secrets-out-of-logs-and-one-path-per-page.md).
 */

const PASSWORD_CANARY = "LeakCanary-77";
const BODY_CANARY = "BodyCanary-5150";
/** Shaped like a real token (base64url, 43 characters), so the redaction cannot rely on a word. */
const INVITATION_CANARY = "InviteCanary9Qx7Vb2Kd4Lm8Wz3Rt6Yp1Hs5Jn0Fg";
const QUERY_CANARY = "QueryCanary-2468";
/** A preview parameter, shaped like a stored link's token but matching none (decision 050). */
const PREVIEW_CANARY = "pv1.PreviewCanary1357Qx7Vb2Kd4Lm8Wz3Rt6Yp1Hs5J0";
/** A staff calendar feed's token: 64 lower-case hex digits, as a real one is (decision 063). */
const CALENDAR_CANARY = "0ddba11ca1e0da7a".repeat(4);
const canaries = [
  PASSWORD_CANARY,
  BODY_CANARY,
  INVITATION_CANARY,
  QUERY_CANARY,
  PREVIEW_CANARY,
  CALENDAR_CANARY,
];

/** A sign-in cut off mid-password: the measured leak. */
const truncatedSignIn = `{"email":"a@b.co","password":"${PASSWORD_CANARY}`;
/** Valid JSON but for one byte that is not UTF-8. */
const notUtf8Json = new Uint8Array(
  Buffer.concat([
    Buffer.from(`{"email":"a@b.co","password":"${BODY_CANARY}`),
    Buffer.from([0xff, 0xfe]),
    Buffer.from('"}'),
  ]),
);
/** A form body whose percent-escape decodes to a byte that is not UTF-8. */
const notUtf8Form = `email=a%40b.co&message=${BODY_CANARY}%FF`;
/** Over every body limit (the workspace's is 512 KB) and not JSON either. */
const hugeBody = `{"notes":"${BODY_CANARY.repeat(50_000)}`;

/** The site's forms' API, and workspace routes of each kind (before sign-in, behind a role). */
const apiRoutes = [apiPaths.websiteDesign, apiPaths.webApp, apiPaths.appointments, apiPaths.newsletter];
const workspaceRoutes = [
  "/admin/api/session",
  "/admin/api/sign-in/password",
  "/admin/api/sign-in/second-factor",
  "/admin/api/invitations/read",
  "/admin/api/invitations/password",
  "/admin/api/users/invite",
  "/admin/api/content/preview",
  "/admin/api/inbox/1/status",
];

let database: ScratchDatabase;
let dataDir: string;
let url: string;
let output = "";
let exited: Promise<unknown>;
let stop: () => void;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "site-canary-"));
  database = await createScratchDatabase(dataDir);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const child = spawnBuiltServer(
    {
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: dataDir,
      FORM_SECRET: testFormSecret,
      // Every access line is written, so the test sees what production would log.
      LOG_LEVEL: "info",
      LEAD_RATE_LIMIT_MAX: "1000",
      ...database.env,
    },
    { stderr: "pipe" },
  );
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  exited = once(child, "exit");
  stop = () => child.kill("SIGTERM");
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited; run \`npm run build\` first\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
}, 60_000);

afterAll(async () => {
  stop();
  await exited;
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function post(route: string, body: BodyInit, type = "application/json") {
  return fetch(`${url}${route}`, {
    method: "POST",
    headers: { "Content-Type": type, Origin: url },
    body,
    redirect: "manual",
  });
}

async function expectRefusal(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const answer = (await response.json()) as Record<string, unknown>;
  expect(answer).toMatchObject({ success: false, error: message });
  // Field-free: the answer names no field and echoes nothing of the body.
  expect(answer.fieldErrors).toBeUndefined();
  expect(JSON.stringify(answer)).not.toContain("Canary");
}

describe("a body the server cannot read", () => {
  it("is a JSON 400 on every form API and workspace route, whatever is wrong with it", async () => {
    for (const route of [...apiRoutes, ...workspaceRoutes]) {
      await expectRefusal(await post(route, truncatedSignIn), 400, requestMessages.malformed);
      await expectRefusal(await post(route, notUtf8Json), 400, requestMessages.malformed);
      await expectRefusal(await post(route, hugeBody), 413, requestMessages.tooLarge);
    }
    for (const route of apiRoutes) {
      await expectRefusal(
        await post(route, notUtf8Form, "application/x-www-form-urlencoded"),
        400,
        requestMessages.malformed,
      );
    }
  });

  it("posted to a page without JavaScript is a 400 page, the form not redisplayed with it", async () => {
    for (const page of [paths.news, paths.bookAppointment]) {
      const response = await post(page, notUtf8Form, "application/x-www-form-urlencoded");
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(escapeHtml(requestMessages.malformed));
      expect(html).not.toContain("Canary");
    }
  });

  it("is refused by its content type on the workspace's JSON routes, before it is read", async () => {
    const response = await post("/admin/api/sign-in/password", `password=${BODY_CANARY}`, "text/plain");
    expect(response.status).toBe(415);
    expect(JSON.stringify(await response.json())).not.toContain("Canary");
  });

  it("posted to another case of a workspace path is sent on with its body (308)", async () => {
    const response = await post("/Admin/api/sign-in/password", truncatedSignIn);
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/admin/api/sign-in/password");
  });
});

describe("a link that carries a credential", () => {
  it("opens an old-style invitation link at the page that reads the token from the fragment", async () => {
    const response = await fetch(`${url}/admin/invitation/${INVITATION_CANARY}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/invitation#${INVITATION_CANARY}`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const page = await fetch(`${url}/admin/invitation`);
    expect(page.status).toBe(200);
  });

  it("keeps a query's token out of the log too", async () => {
    // The one-click unsubscribe address a person opened: sent on to the page that asks first.
    const response = await fetch(`${url}${apiPaths.newsletterUnsubscribe}?token=${QUERY_CANARY}`, {
      redirect: "manual",
    });
    expect(response.status).toBe(303);
  });

  it("keeps a preview parameter out of the log, whether or not it opens anything", async () => {
    expect((await fetch(`${url}/?preview=${PREVIEW_CANARY}`)).status).toBe(200);
    expect((await fetch(`${url}${paths.newsArticle("no-such-post")}?preview=${PREVIEW_CANARY}`)).status).toBe(
      404,
    );
  });
});

describe("a calendar feed's address", () => {
  it("is kept out of the log however it is spelled, opening a feed or not", async () => {
    expect((await fetch(`${url}/calendar/${CALENDAR_CANARY}.ics`)).status).toBe(404);
    expect((await fetch(`${url}/Calendar/${CALENDAR_CANARY}.ics`, { redirect: "manual" })).status).toBe(301);
    expect((await fetch(`${url}//%63alendar/${CALENDAR_CANARY}.ics`, { redirect: "manual" })).status).toBe(
      301,
    );
  });
});

describe("everything the server wrote", () => {
  it("holds none of the canaries, and names each refused body by its error alone", async () => {
    // Access lines are written as answers finish; stop the server so every line is out.
    stop();
    await exited;
    for (const canary of canaries) expect(output).not.toContain(canary);
    // Nor the key that seals the authenticator apps' secrets: from the environment, or made in DATA_DIR.
    const totpKey = database.env.TOTP_KEY ?? readFileSync(path.join(dataDir, TOTP_KEY_FILE), "utf8").trim();
    expect(totpKey.length).toBeGreaterThanOrEqual(43);
    expect(output).not.toContain(totpKey);
    const lines = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { req?: { url?: string }; res?: { bodyRefused?: string } });
    const signIn = lines.find(
      (line) => line.req?.url === "/admin/api/sign-in/password" && line.res?.bodyRefused,
    );
    expect(signIn?.res?.bodyRefused).toBe("entity.parse.failed");
    const urls = lines.map((line) => line.req?.url);
    expect(urls).toContain("/admin/invitation/[redacted]");
    expect(urls).toContain(`${apiPaths.newsletterUnsubscribe}?token=[redacted]`);
    expect(urls).toContain("/?preview=[redacted]");
    // Nothing but JSON log lines: Express's own error handler printed nothing.
    const other = output.split("\n").filter((line) => line.trim() && !line.startsWith("{"));
    expect(other).toEqual([]);
  });
});
