import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A real small disk for storage-failure tests: a size-limited tmpfs mounted over a temp
 * folder in a private mount namespace (util-linux `unshare`), kept alive by a holder
 * process, so a full disk or a read-only volume is the kernel's, not a mock. Servers
 * started through `wrap` see the disk; nothing outside the namespace does. As root this
 * needs nothing more; otherwise it runs in a user namespace as a mapped root.
 */
export type ScratchDisk = {
  /** Where the disk is mounted, inside the namespace (an empty folder outside it). */
  dir: string;
  /** argv that runs `argv` inside the namespace. */
  wrap(argv: string[]): string[];
  /** Runs a shell command inside the namespace. */
  exec(script: string): Promise<string>;
  /** Fills every free byte; `free` gives the space back. */
  fill(): Promise<void>;
  free(): Promise<void>;
  /**
   * The whole volume, or one file on it, as processes that open it afterwards see it:
   * read-only (a read-only bind mount over it), then writable again.
   */
  makeReadOnly(target?: string): Promise<void>;
  makeWritable(target?: string): Promise<void>;
  remove(): Promise<void>;
};

const asRoot = process.getuid?.() === 0;

/**
 * False only where the run says it cannot mount (TEST_WITHOUT_MOUNTS=1: the container
 * test run, whose seccomp profile forbids it); everywhere else a failure to mount fails the test.
 */
export const canMountScratchDisk = process.env.TEST_WITHOUT_MOUNTS !== "1";

export async function scratchDisk(sizeKb: number): Promise<ScratchDisk> {
  const dir = mkdtempSync(path.join(tmpdir(), "site-disk-"));
  const holder: ChildProcess = spawn(
    "unshare",
    [
      ...(asRoot ? ["--mount"] : ["--map-root-user", "--mount"]),
      "--propagation",
      "private",
      "sh",
      "-c",
      `mount -t tmpfs -o size=${sizeKb}k tmpfs "$0" && echo mounted && exec sleep 3600`,
      dir,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const mounted = new Promise<void>((resolve) => holder.stdout?.once("data", () => resolve()));
  const failed = once(holder, "exit").then(([code]) => {
    throw new Error(`could not mount a scratch disk (unshare exited ${String(code)})`);
  });
  await Promise.race([mounted, failed]);
  failed.catch(() => {});
  const enter = asRoot
    ? ["-t", String(holder.pid), "-m"]
    : ["-t", String(holder.pid), "-U", "-m", "--preserve-credentials"];
  // nsenter would start in / without --wd.
  const wrap = (argv: string[]) => ["nsenter", ...enter, `--wd=${process.cwd()}`, "--", ...argv];
  const exec = async (script: string) =>
    (await run("nsenter", [...enter, `--wd=${process.cwd()}`, "sh", "-c", script])).stdout;
  return {
    dir,
    wrap,
    exec,
    // `cat` stops with "no space left", which is the point.
    fill: async () => void (await exec(`cat /dev/zero > "${dir}/filler" 2>/dev/null; true`)),
    free: async () => void (await exec(`rm -f "${dir}/filler"`)),
    makeReadOnly: async (target = dir) =>
      void (await exec(`mount --bind "${target}" "${target}" && mount -o remount,bind,ro "${target}"`)),
    // Lazily: a process that has the file open keeps its old view until it reopens it.
    makeWritable: async (target = dir) => void (await exec(`umount --lazy "${target}"`)),
    async remove() {
      holder.kill("SIGKILL");
      await Promise.race([once(holder, "exit"), sleep(2_000)]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
