/**
 * Whether a wrong sign-in tells an account from no account by its timing: the median and
 * spread of the API's answer to a wrong password for an existing account, beside the same
 * for an address with no account (which checks a dummy hash); then the time one password
 * hash takes with today's parameters, alone and four at once. Prints figures only.
 *   npm run build && npm run bench:sign-in [-- --attempts 40]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { ServerBuild } from "react-router";
import request from "supertest";
import { createApp } from "#server/app.ts";
import {
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PARAMS,
  passwordProblem,
} from "#server/auth/passwords.ts";
import { loadConfig, projectRoot } from "#server/platform/config.ts";
import { createLogger } from "#server/platform/logger.ts";

const { values: args } = parseArgs({ options: { attempts: { type: "string", default: "40" } } });
const attempts = Number(args.attempts);
if (!Number.isInteger(attempts) || attempts < 4) throw new Error(`--attempts wants a whole number from 4`);

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-sign-in-"));
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  // Each attempt from its own address, so the limits on attempts do not answer for the server.
  TRUST_PROXY_HOPS: "1",
});
const build = (await import(
  pathToFileURL(path.join(projectRoot, "build", "server", "index.js")).href
)) as ServerBuild;
const site = await createApp({ config, logger: createLogger("silent"), build, outbox: { autoStart: false } });
const origin = new URL(config.settings.siteUrl).origin;

// A few accounts, each tried from several addresses (so from none more than the limits allow).
const accounts = Math.ceil(attempts / 4);
const hash = await hashPassword("the account's real password");
for (let n = 0; n < accounts; n++) {
  await site.db
    .insertInto("staff_users")
    .values({
      email: `staff-${n}@agency.test`,
      role: "sales",
      password_hash: hash,
      created_at: new Date().toISOString(),
    })
    .execute();
}

async function attempt(email: string, n: number): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await request(site.app)
    .post("/admin/api/sign-in/password")
    .set("Origin", origin)
    .set("X-Forwarded-For", `198.51.100.${n % 250}`)
    .send({ email, password: "not the password" });
  if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const known: number[] = [];
const unknown: number[] = [];
for (let n = 0; n < attempts; n++) {
  // Interleaved, so a busy moment of the machine falls on both.
  known.push(await attempt(`staff-${n % accounts}@agency.test`, n));
  unknown.push(await attempt(`nobody-${n}@agency.test`, n));
}

const summary = (name: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(0);
  return {
    "wrong password for": name,
    attempts: times.length,
    "p10 ms": at(0.1),
    "median ms": at(0.5),
    "p90 ms": at(0.9),
  };
};
console.table([summary("an existing account", known), summary("no account", unknown)]);

// What one hash costs: a sign-in's check, an invitation's new password.
const timeHashes = async (atOnce: number) => {
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: atOnce }, () => hashPassword("a password to time")));
  return Number(process.hrtime.bigint() - started) / 1e6;
};
const alone: number[] = [];
for (let n = 0; n < 9; n++) alone.push(await timeHashes(1));
alone.sort((a, b) => a - b);
const { N, r, p } = PASSWORD_PARAMS;
console.log(
  `scrypt N=2^${Math.log2(N)} r=${r} p=${p} (${(128 * N * r) / 2 ** 20} MiB a hash): ` +
    `median ${alone[4]?.toFixed(0)} ms alone, ${(await timeHashes(4)).toFixed(0)} ms for four at once`,
);

// What judging a new password costs at its longest (the common-password list loaded first).
const longest = Array.from({ length: PASSWORD_MAX_LENGTH }, (_, i) =>
  String.fromCharCode(33 + ((i * 37) % 94)),
).join("");
await passwordProblem("warm up the list first", "a@b.test");
const judged: number[] = [];
for (let n = 0; n < 9; n++) {
  const started = process.hrtime.bigint();
  await passwordProblem(`${longest.slice(1)}${n}`, "a@b.test");
  judged.push(Number(process.hrtime.bigint() - started) / 1e6);
}
judged.sort((a, b) => a - b);
console.log(`judging a ${PASSWORD_MAX_LENGTH}-character password: median ${judged[4]?.toFixed(0)} ms`);

await site.close();
rmSync(dataDir, { recursive: true, force: true });
