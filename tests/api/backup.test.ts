import { spawn } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer } from "#scripts/lib/built-server.ts";
import { projectRoot } from "#server/platform/config.ts";
import {
  endpoints,
  publicForms,
  testFormSecret,
  webAppLead,
  websiteDesignLead,
} from "#tests/support/submissions.ts";
import { runCliOn as cli, type CliRun as Run } from "#tests/support/cli.ts";
import { expectOneErrorLine, expectSucceeded } from "#tests/support/cli-expectations.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { until } from "#tests/support/wait.ts";

const fastForms = { LEAD_RATE_LIMIT_MAX: "100000", FORM_MIN_FILL_SECONDS: "0", FORM_SECRET: testFormSecret };

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The built CLI as an operator runs it: its own process, configured by the environment. */
async function builtCli(env: Record<string, string>, ...argv: string[]): Promise<Run> {
  const child = spawn(process.execPath, [path.join(projectRoot, "build", "admin", "index.js"), ...argv], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  // "close", not "exit": the output pipes are drained by then.
  const code = await new Promise<number>((resolve) => child.once("close", (exit) => resolve(exit ?? -1)));
  return { code, stdout, stderr };
}

/** Both lead forms' e-mail addresses in a database file. */
function leadEmails(file: string): Set<string> {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = sqlite
      .prepare<[], { email: string }>(
        "select business_email as email from website_design_leads union all select work_email from web_app_leads",
      )
      .all();
    return new Set(rows.map((row) => row.email));
  } finally {
    sqlite.close();
  }
}

function integrityCheck(file: string): string {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return String(sqlite.pragma("integrity_check", { simple: true }));
  } finally {
    sqlite.close();
  }
}

describe("site-admin backup while the server takes a burst of leads", () => {
  it("copies every lead acknowledged before it started, without holding up the server", async () => {
    const dataDir = tempDir("site-backup-live-");
    const env = { ...fastForms, DATA_DIR: dataDir };
    const server = await startBuiltServer(env);
    const base = server.url;

    // Tens of megabytes of older leads: the copy takes long enough for many writes to land
    // while it runs. Copied in small steps, each of them would restart it from the start.
    const seeded = 40_000;
    const seed = new SQLite(path.join(dataDir, "site.sqlite"), { fileMustExist: true, timeout: 5_000 });
    const insertSeed = seed.prepare(
      "insert into website_design_leads (full_name, company_name, business_email, created_at) values (?, ?, ?, ?)",
    );
    seed.transaction(() => {
      for (let i = 0; i < seeded; i++) {
        insertSeed.run(`Seed ${i}`, "x".repeat(600), `seed-${i}@example.com`, new Date(0).toISOString());
      }
    })();
    seed.close();

    type Answer = { email: string; status: number; sentAt: number; answeredAt: number };
    const answers: Answer[] = [];
    let next = 0;
    let stop = false;
    async function sender() {
      while (!stop) {
        const n = next++;
        const email = `burst-${n}@example.com`;
        const [url, body] =
          n % 2 === 0
            ? [endpoints.websiteDesign, websiteDesignLead({ businessEmail: email })]
            : [endpoints.webApp, webAppLead({ workEmail: email })];
        const sentAt = performance.now();
        const response = await fetch(`${base}${url}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        answers.push({ email, status: response.status, sentAt, answeredAt: performance.now() });
      }
    }
    const senders = Array.from({ length: 8 }, sender);
    await until(() => answers.length >= 150, 20_000, "the burst to get going");

    const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
    const backupFile = path.join(tempDir("site-backup-out-"), "nightly", "site.sqlite");
    const ackedBefore = answers.filter(ok).map((answer) => answer.email);
    const backupStarted = performance.now();
    const backup = await builtCli(env, "backup", "--out", backupFile);
    const backupEnded = performance.now();
    // The burst carries on after the backup too.
    const answeredByEnd = answers.length;
    await until(() => answers.length >= answeredByEnd + 50, 20_000, "the burst after the backup");
    stop = true;
    await Promise.all(senders);
    await server.stop();

    expectSucceeded(backup);
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Backed up to ${backupFile}: [\\d.]+ MB, \\d+ website-design leads, \\d+ web-app leads, 0 appointment requests, 0 newsletter subscribers \\(checked, [\\d.]+ s\\)\\.\\n$`,
      ),
    );
    expect(integrityCheck(backupFile)).toBe("ok");
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(backupFile))).toEqual(["site.sqlite"]);

    const copied = leadEmails(backupFile);
    const missing = ackedBefore.filter((email) => !copied.has(email));
    const burstInCopy = [...copied].filter((email) => email.startsWith("burst-")).length;
    const during = answers.filter((a) => ok(a) && a.answeredAt > backupStarted && a.answeredAt < backupEnded);
    // The longest wait for an answer while the backup ran, against the same before it.
    const slowest = (answered: Answer[]) =>
      Math.round(Math.max(...answered.map((a) => a.answeredAt - a.sentAt)));
    const slowestBefore = slowest(answers.filter((a) => a.answeredAt < backupStarted));
    const slowestDuring = slowest(
      answers.filter((a) => a.answeredAt > backupStarted && a.sentAt < backupEnded),
    );
    console.info(
      `Backup mid-burst: ${ackedBefore.length} leads acknowledged before it started, all of them and ` +
        `${burstInCopy - ackedBefore.length} more of the burst's in the copy (+${seeded} seeded); ` +
        `${during.length} acknowledged while it ran (${Math.round(backupEnded - backupStarted)} ms); ` +
        `slowest answer ${slowestBefore} ms before it, ${slowestDuring} ms during; ` +
        `${answers.length} sent in all. CLI: ${backup.stdout.trim()}`,
    );
    expect(missing).toEqual([]);
    expect(answers.filter((answer) => !ok(answer))).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
  }, 90_000);
});

describe("site-admin backup on a test app's database", () => {
  let site: TestApp;
  let dir: string;
  let good: string;

  beforeAll(async () => {
    // No mail worker: the outbox rows stay pending, so the counts are known.
    site = await createTestApp(fastForms, { outbox: { autoStart: false } });
    // A second website-design lead, so one count is plural; then one of each form.
    await request(site.app).post(endpoints.websiteDesign).send(websiteDesignLead()).expect(201);
    for (const form of publicForms) {
      await request(site.app).post(form.endpoint).send(form.submission()).expect(201);
    }
    dir = tempDir("site-backup-");
    good = path.join(dir, "good.sqlite");
    expectSucceeded(await cli(site, "backup", "--out", good));
  });
  afterAll(() => site.cleanup());

  /** A copy of the good backup, to damage. */
  function copyOfGood(name: string): string {
    const file = path.join(dir, name);
    copyFileSync(good, file);
    return file;
  }

  it("writes one line with the path, the size and the lead counts, to an owner-only file", async () => {
    const file = path.join(dir, "fresh", "site.sqlite");
    const run = await cli(site, "backup", "--out", file);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^Backed up to ${file}: [\\d.]+ kB, 2 website-design leads, 1 web-app lead, 1 appointment request, 1 newsletter subscriber \\(checked, [\\d.]+ s\\)\\.\\n$`,
      ),
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Nothing half-written left beside it; in rollback-journal mode it needs no -wal file.
    expect(readdirSync(path.dirname(file))).toEqual(["site.sqlite"]);
    expect([...readFileSync(file).subarray(18, 20)]).toEqual([1, 1]);
  });

  it("refuses to overwrite a file unless --force", async () => {
    const file = path.join(dir, "existing.sqlite");
    writeFileSync(file, "yesterday's backup");
    expectOneErrorLine(await cli(site, "backup", "--out", file), 1, /existing\.sqlite exists; pass --force/);
    expect(readFileSync(file, "utf8")).toBe("yesterday's backup");

    const forced = await cli(site, "backup", "--out", file, "--force");
    expect(forced.code).toBe(0);
    expect(integrityCheck(file)).toBe("ok");
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("refuses to write over the live database, even with --force", async () => {
    const live = site.config.databaseFile;
    expectOneErrorLine(await cli(site, "backup", "--out", live, "--force"), 1, /over the live database/);
    expect(integrityCheck(live)).toBe("ok");
  });

  it("--verify prints the last migration and the row counts of a good backup", async () => {
    const { rows: migrations } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(site.db);
    const queued = await site.db.selectFrom("outbox").select("id").execute();
    const run = await cli(site, "backup", "--verify", good);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^OK: .*good\.sqlite is intact and this site's database \([\d.]+ kB, /);
    expect(lines[0]).toContain(`last migration ${migrations[0]?.name})`);
    expect(lines.slice(1).map((line) => line.split(/\s+/).join(" "))).toEqual([
      "TABLE ROWS",
      "website_design_leads 2",
      "web_app_leads 1",
      "appointment_requests 1",
      "newsletter_subscribers 1",
      `outbox pending ${queued.length}`,
      "outbox sent 0",
      "outbox dead 0",
    ]);
    // Checking leaves nothing beside the file.
    expect(readdirSync(dir).filter((name) => name.startsWith("good.sqlite"))).toEqual(["good.sqlite"]);
  });

  it("--verify reads a WAL-mode copy and leaves no -wal or -shm file behind", async () => {
    const file = copyOfGood("wal-mode.sqlite");
    const sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.close();
    const run = await cli(site, "backup", "--verify", file);
    expect(run.code).toBe(0);
    expect(readdirSync(dir).filter((name) => name.startsWith("wal-mode"))).toEqual(["wal-mode.sqlite"]);
  });

  it("--verify rejects a truncated copy", async () => {
    const file = copyOfGood("truncated.sqlite");
    truncateSync(file, Math.floor(statSync(file).size / 2));
    expectOneErrorLine(await cli(site, "backup", "--verify", file), 1, /truncated\.sqlite is damaged/);
  });

  it("--verify rejects a copy with a damaged page", async () => {
    const file = copyOfGood("corrupted.sqlite");
    const sqlite = new SQLite(file, { readonly: true });
    const pageSize = Number(sqlite.pragma("page_size", { simple: true }));
    const { rootpage } = sqlite
      .prepare<[], { rootpage: number }>("select rootpage from sqlite_master where name = 'web_app_leads'")
      .get() ?? { rootpage: 0 };
    sqlite.close();
    expect(rootpage).toBeGreaterThan(1);
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
    closeSync(fd);
    expectOneErrorLine(await cli(site, "backup", "--verify", file), 1, /corrupted\.sqlite is damaged/);
  });

  it("--verify rejects a text file, a foreign SQLite database and a missing path", async () => {
    const text = path.join(dir, "notes.txt");
    writeFileSync(text, "these are not the leads you are looking for\n".repeat(100));
    expectOneErrorLine(
      await cli(site, "backup", "--verify", text),
      1,
      /notes\.txt is not a SQLite database$/m,
    );

    const foreign = path.join(dir, "other-app.sqlite");
    const sqlite = new SQLite(foreign);
    sqlite.exec(
      "create table website_design_leads (id integer primary key); create table todos (title text)",
    );
    sqlite.close();
    expectOneErrorLine(
      await cli(site, "backup", "--verify", foreign),
      1,
      /other-app\.sqlite is a SQLite database but not this site's \(no kysely_migration, web_app_leads, .* tables\)$/m,
    );

    expectOneErrorLine(
      await cli(site, "backup", "--verify", path.join(dir, "nowhere.sqlite")),
      1,
      /no such file: .*nowhere\.sqlite$/m,
    );
    expectOneErrorLine(await cli(site, "backup", "--verify", dir), 1, /is not a file$/m);
  });

  it("answers a wrong combination of options with a usage error (exit 2)", async () => {
    expectOneErrorLine(await cli(site, "backup"), 2, /backup needs --out FILE .* or --verify FILE/);
    expectOneErrorLine(
      await cli(site, "backup", "--out", path.join(dir, "a.sqlite"), "--verify", good),
      2,
      /'--out <file>' cannot be used with option '--verify <file>'/,
    );
    expectOneErrorLine(
      await cli(site, "backup", "--verify", good, "--force"),
      2,
      /'--verify <file>' cannot be used with option '--force'/,
    );
    expectOneErrorLine(await cli(site, "backup", "--out"), 2, /argument missing/);
    const help = await cli(site, "backup", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: site-admin backup [options]");
    expect(help.stdout).toContain("--verify <file>");
    expect(help.stdout).toContain("To restore:");
  });
});
