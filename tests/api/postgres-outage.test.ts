import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createScratchPostgresDatabase,
  startPostgresCluster,
  type PostgresCluster,
} from "#tests/support/postgres.ts";
import { endpoints, websiteDesignLead } from "#tests/support/submissions.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { until } from "#tests/support/wait.ts";

/**
 * PostgreSQL goes away under a running instance and comes back: /readyz says so, a
 * visitor is told to try again (503, never 500), and the pool reconnects by itself.
 * A cluster of its own, since this one is stopped mid-test.
 */
describe("an instance on PostgreSQL when the PostgreSQL server stops and returns", () => {
  let cluster: PostgresCluster;
  let site: TestApp;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const database = await createScratchPostgresDatabase(cluster.adminUrl);
    site = await createTestApp({ DATABASE_URL: database.url, FORM_MIN_FILL_SECONDS: "0" });
  }, 60_000);
  afterAll(async () => {
    await site?.cleanup().catch(() => undefined);
    await cluster?.stop();
  });

  const readiness = () => request(site.app).get("/readyz");
  const submit = (email: string) =>
    request(site.app)
      .post(endpoints.websiteDesign)
      .send(websiteDesignLead({ businessEmail: email }));

  it("reports not ready and answers 503, then recovers on its own", async () => {
    const ready = await readiness().expect(200);
    expect(ready.body.checks.database).toEqual({ engine: "postgresql", status: "ok" });
    await submit("before@example.com").expect(201);

    await cluster.halt();
    let notReady: request.Response | undefined;
    await until(
      async () => {
        notReady = await readiness();
        return notReady.status === 503;
      },
      15_000,
      "/readyz to report the outage",
    );
    expect(notReady?.body).toMatchObject({
      status: "not ready",
      checks: { database: { engine: "postgresql", status: "unavailable", cause: "unreachable" } },
    });
    // The queue cannot be read either: unknown, with the reason, not "nothing pending".
    expect(notReady?.body.checks.mailQueue).toEqual({
      pending: null,
      oldestUnsentAgeSeconds: null,
      oldestDueAgeSeconds: null,
      unreadable: expect.any(String),
    });
    const refused = await submit("during@example.com");
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("60");
    expect(refused.body).toMatchObject({
      success: false,
      error: "Your request was not saved because of a problem on our side. Please try again in a minute.",
    });
    // Pages do not need the database.
    await request(site.app).get("/").expect(200);

    await cluster.restart();
    await until(async () => (await readiness()).status === 200, 30_000, "/readyz to recover");
    await submit("after@example.com").expect(201);
    const stored = await site.db.selectFrom("website_design_leads").select("business_email").execute();
    expect(stored.map((row) => row.business_email).sort()).toEqual([
      "after@example.com",
      "before@example.com",
    ]);
  }, 90_000);
});
