/**
 * How the outbox worker paces its sends. Apart from the worker so the transport can size
 * its SMTP pool from the same default without importing the worker (which imports it).
 */
export type OutboxWorkerOptions = {
  /** First retry delay; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** After this many failed attempts a message is marked dead and left for a person. */
  maxAttempts: number;
  /**
   * How long a claimed message stays invisible to other senders. Renewed every third of
   * it while the send lasts, so it only bounds how long a dead worker's rows wait.
   */
  leaseMs: number;
  /** Sends in flight at most; the SMTP pool opens up to as many connections (transport.ts). */
  concurrency: number;
  /** Even with nothing due the worker looks again this often (rows queued by other processes). */
  idlePollMs: number;
  /**
   * How often a running worker looks for leases of workers on this host that died (a
   * second instance killed on the same machine), to send their rows without waiting for
   * the leases to expire. One small read; a restart also looks once at start.
   */
  takeoverCheckMs: number;
  /** On stop, sends in flight get this long before their connections are cut. */
  stopGraceMs: number;
  /**
   * How soon a write the database refused (a restart, a failover) is tried again: the
   * record of an accepted send, or a claim. Doubles while it keeps failing, up to the max
   * (a claim's up to idlePollMs).
   */
  databaseRetryMs: number;
  databaseRetryMaxMs: number;
  /**
   * While the mail server refuses e-mails, how often the e-mail waiting longest is tried
   * early (not counted as an attempt), so a recovery is seen within this long.
   */
  recoveryProbeMs: number;
};

export const defaultOutboxWorkerOptions: OutboxWorkerOptions = {
  baseDelayMs: 5_000,
  maxDelayMs: 15 * 60_000,
  // About a day of retries at the 15-minute cap: long enough to ride out a mail outage.
  maxAttempts: 100,
  leaseMs: 30_000,
  // Measured with `npm run bench:leads` (008): 8 fell behind a saturating load, 32 kept
  // pace. The pool opens connections only as messages wait, so a quiet site uses one.
  concurrency: 32,
  idlePollMs: 30_000,
  takeoverCheckMs: 5_000,
  stopGraceMs: 5_000,
  // A fast restart is gone in well under a second; a failover takes longer.
  databaseRetryMs: 250,
  databaseRetryMaxMs: 5_000,
  // One SMTP transaction every 5 s against a server that is down: cheap, and "at once" to a person.
  recoveryProbeMs: 5_000,
};
