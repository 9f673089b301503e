/**
 * How many e-mails a crash sends twice. The built server takes 20 submissions a second
 * while its mail server answers each message after 300 ms; it is killed (SIGKILL) and
 * restarted on the same data `--kills` times, then left to send the rest. Each Message-ID
 * the mail server accepted more than once is a duplicate, counted in two kinds:
 *   - accepted before the kill: the server heard "250 OK" but died before it recorded the
 *     message sent (the window the outbox can shrink);
 *   - accepted after the kill: the message was fully sent, and the mail server accepted it
 *     only after the sender had died, so its "250 OK" reached no one (no sender can tell).
 * `--database postgres` runs it on a throwaway PostgreSQL instead of the SQLite file.
 *   npm run build && npm run bench:crash-resend [-- --kills 5 --seconds-between 4 --database sqlite|postgres]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { setTimeout as sleep } from "node:timers/promises";
import SQLite from "better-sqlite3";
import pg from "pg";
import { testTotpKey } from "#tests/support/totp-key.ts";
import { endpoints, testFormSecret, websiteDesignLead } from "#tests/support/submissions.ts";
import { startBuiltServer, type BuiltServer } from "./lib/built-server";
import { createMessageIdSmtp } from "./lib/message-id-smtp";
import { createScratchPostgresDatabase, startPostgresCluster } from "./lib/postgres-cluster";

const { values } = parseArgs({
  options: {
    kills: { type: "string", default: "5" },
    "seconds-between": { type: "string", default: "4" },
    "reply-delay-ms": { type: "string", default: "300" },
    rate: { type: "string", default: "20" },
    database: { type: "string", default: "sqlite" },
  },
});
if (values.database !== "sqlite" && values.database !== "postgres")
  throw new Error("--database sqlite|postgres");
const kills = Number(values.kills);
const secondsBetween = Number(values["seconds-between"]);
const replyDelayMs = Number(values["reply-delay-ms"]);
const rate = Number(values.rate);

/** A slow mail server on loopback that notes when it accepted each Message-ID. */
async function startSlowSmtp() {
  const accepted: Array<{ messageId: string; at: number }> = [];
  const server = createMessageIdSmtp((id, answer) => {
    setTimeout(() => {
      accepted.push({ messageId: id ?? "(none)", at: Date.now() });
      answer();
    }, replyDelayMs);
  });
  // A sender killed mid-message resets its connection: that is the point of the run.
  server.on("error", () => {});
  const port = await new Promise<number>((resolve) => {
    const net = server.listen(0, "127.0.0.1", () => {
      const address = net.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const smtp = await startSlowSmtp();
const dataDir = mkdtempSync(path.join(tmpdir(), "site-resend-"));
const cluster = values.database === "postgres" ? await startPostgresCluster() : undefined;
const databaseUrl = cluster && (await createScratchPostgresDatabase(cluster.adminUrl)).url;
const env = {
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, TOTP_KEY: testTotpKey } : {}),
  DATA_DIR: dataDir,
  FORM_SECRET: testFormSecret,
  FORM_MIN_FILL_SECONDS: "0",
  LEAD_RATE_LIMIT_MAX: "100000000",
  SMTP_URL: smtp.url,
  LOG_LEVEL: "error",
};

/** Submits `rate` leads a second to whichever server is current, until stopped. */
let current: BuiltServer | undefined;
let sending = true;
let submitted = 0;
let stored = 0;
const load = (async () => {
  const pending = new Set<Promise<void>>();
  for (let n = 0; sending; n++) {
    const target = current;
    if (target) {
      submitted++;
      const request = fetch(`${target.url}${endpoints.websiteDesign}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(websiteDesignLead({ businessEmail: `resend-${n}@example.com` })),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status === 201) stored++;
        })
        // The connection died with the process: not acknowledged.
        .catch(() => undefined)
        .finally(() => pending.delete(request));
      pending.add(request);
    }
    await sleep(1000 / rate);
  }
  await Promise.all(pending);
})();

const killedAt: number[] = [];
try {
  for (let kill = 0; kill < kills; kill++) {
    current = await startBuiltServer(env);
    await sleep(secondsBetween * 1000);
    const server = current;
    current = undefined;
    killedAt.push(Date.now());
    await server.kill("SIGKILL");
  }
  sending = false;
  await load;
  // The last start sends everything left, including the rows the killed ones held.
  const last = await startBuiltServer(env);
  const file = path.join(dataDir, "site.sqlite");
  const pendingQuery = "select count(*) as n from outbox where status = 'pending'";
  const pendingCount = async () => {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return Number((await client.query<{ n: string }>(pendingQuery)).rows[0]?.n ?? 0);
      } finally {
        await client.end();
      }
    }
    const db = new SQLite(file, { readonly: true });
    try {
      return (db.prepare(pendingQuery).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  const deadline = Date.now() + 120_000;
  while ((await pendingCount()) > 0 && Date.now() < deadline) await sleep(250);
  await sleep(replyDelayMs * 2);
  await last.stop();
} finally {
  sending = false;
  await smtp.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const firstAt = new Map<string, number>();
let beforeKill = 0;
let afterKill = 0;
/** For each copy accepted before the kill: how long the sender had, from the acceptance to the kill, to record it. */
const unrecordedForMs: number[] = [];
for (const { messageId, at } of smtp.accepted) {
  const first = firstAt.get(messageId);
  if (first === undefined) {
    firstAt.set(messageId, at);
    continue;
  }
  // The kill that made this copy necessary: the last one before it was sent again.
  const kill = killedAt.filter((time) => time <= at).at(-1) ?? 0;
  if (first < kill) {
    beforeKill++;
    unrecordedForMs.push(kill - first);
  } else afterKill++;
}
const duplicates = beforeKill + afterKill;
console.info(
  `${values.database}: ${kills} kills, ${submitted} submitted, ${stored} stored, ${smtp.accepted.length} e-mails accepted, ` +
    `${firstAt.size} distinct: ${duplicates} duplicates (${(duplicates / kills).toFixed(1)} a kill): ` +
    `${beforeKill} accepted before the kill (${(beforeKill / kills).toFixed(1)} a kill), ` +
    `${afterKill} accepted only after it (${(afterKill / kills).toFixed(1)} a kill)`,
);
if (unrecordedForMs.length > 0) {
  const sorted = unrecordedForMs.sort((a, b) => a - b);
  console.info(
    `accepted before the kill and not recorded: ${sorted.length}, accepted ` +
      `${sorted[0]}-${sorted.at(-1)} ms (median ${sorted[Math.floor(sorted.length / 2)]} ms) before it`,
  );
}
