import { randomBytes } from "node:crypto";
import os from "node:os";
import { errorCode } from "#server/db/storage-errors.ts";

/**
 * Who holds an outbox row's lease: `host:pid:nonce`. The nonce tells a restarted process
 * that reuses its predecessor's pid (PID 1 in a container) from that predecessor.
 */
export type LeaseOwner = { host: string; pid: number; nonce: string };

export function formatLeaseOwner(owner: LeaseOwner): string {
  return `${owner.host}:${owner.pid}:${owner.nonce}`;
}

/** Read from the right, so a host name with a colon in it still parses. */
export function parseLeaseOwner(text: string): LeaseOwner | undefined {
  const nonceAt = text.lastIndexOf(":");
  const pidAt = text.lastIndexOf(":", nonceAt - 1);
  if (pidAt <= 0) return undefined;
  const pid = Number(text.slice(pidAt + 1, nonceAt));
  const nonce = text.slice(nonceAt + 1);
  if (!Number.isSafeInteger(pid) || pid <= 0 || nonce === "") return undefined;
  return { host: text.slice(0, pidAt), pid, nonce };
}

export function newLeaseOwner(): LeaseOwner {
  return { host: os.hostname(), pid: process.pid, nonce: randomBytes(4).toString("hex") };
}

/** False only when no process has that pid; EPERM means one runs under another user. */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) !== "ESRCH";
  }
}

export type TakeoverContext = {
  self: LeaseOwner;
  /** Owners of workers alive in this process (tests run several); never taken over. */
  liveInProcess: ReadonlySet<string>;
  isProcessRunning(pid: number): boolean;
};

/**
 * Whether a lease belongs to a worker that can no longer send, so its rows may be taken
 * back at once: one on this host whose process is gone, or one that had this very pid
 * before a restart. Owners elsewhere (or unreadable) keep their lease until it expires.
 */
export function isAbandonedLease(ownerText: string, context: TakeoverContext): boolean {
  const owner = parseLeaseOwner(ownerText);
  if (!owner || owner.host !== context.self.host) return false;
  if (owner.pid === context.self.pid) return !context.liveInProcess.has(ownerText);
  return !context.isProcessRunning(owner.pid);
}

export type LeaseRenewer = {
  /** Starts renewing the row's lease (claimed, not yet sent or failed). */
  hold(id: number): void;
  /** Stops renewing it: its outcome is about to be recorded. */
  release(id: number): void;
  /** The rows still held. */
  held(): number[];
  stop(): void;
};

/**
 * Renews every lease a worker holds in one statement every third of the lease, so a
 * send slower than the lease keeps its row; runs only while the worker holds rows.
 */
export function createLeaseRenewer(deps: {
  leaseMs: number;
  renew(ids: number[], leaseUntil: Date): Promise<Set<number>>;
  onLost(ids: number[]): void;
  onError(error: unknown): void;
}): LeaseRenewer {
  const held = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let renewing = false;

  async function renewAll(): Promise<void> {
    if (held.size === 0) {
      stop();
      return;
    }
    if (renewing) return;
    renewing = true;
    try {
      const ids = [...held];
      const kept = await deps.renew(ids, new Date(Date.now() + deps.leaseMs));
      // A row released meanwhile is being recorded; only rows still held are lost.
      const lost = ids.filter((id) => !kept.has(id) && held.has(id));
      if (lost.length > 0) deps.onLost(lost);
    } catch (error) {
      deps.onError(error);
    } finally {
      renewing = false;
    }
  }

  function stop(): void {
    clearInterval(timer);
    timer = undefined;
  }

  return {
    hold(id) {
      held.add(id);
      if (timer) return;
      timer = setInterval(() => void renewAll(), Math.max(1, Math.floor(deps.leaseMs / 3)));
      // Renewal must not keep a finished process (a script, a test) alive.
      timer.unref();
    },
    release(id) {
      held.delete(id);
    },
    held: () => [...held],
    stop,
  };
}
