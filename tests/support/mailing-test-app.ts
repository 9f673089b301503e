import { afterAll, afterEach, beforeAll } from "vitest";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";
import { createTestApp, type TestApp } from "./test-app";

/** A suite's app and the SMTP sink it sends to, both started by the suite's beforeAll. */
export type MailingTestApp = { readonly site: TestApp; readonly sink: SmtpSink };

/**
 * Registers the suite's hooks for a test app that sends its mail to an SMTP sink of its own.
 * No outbox worker runs: each test drains the outbox itself, so it knows what was sent; the
 * sink forgets its messages after each test.
 */
export function useMailingTestApp(env: Record<string, string>): MailingTestApp {
  let site: TestApp | undefined;
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    site = await createTestApp({ ...env, SMTP_URL: sink.url }, { outbox: { autoStart: false } });
  });
  afterAll(async () => {
    await site?.cleanup();
    await sink?.close();
  });
  afterEach(() => {
    if (sink) sink.messages.length = 0;
  });
  return {
    get site() {
      if (!site) throw new Error("the suite's app is started in beforeAll");
      return site;
    },
    get sink() {
      if (!sink) throw new Error("the suite's SMTP sink is started in beforeAll");
      return sink;
    },
  };
}
