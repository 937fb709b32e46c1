import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims an embedded database directory for this process, or throws naming the process that has it.
 * PGlite opened twice on one directory loses writes without an error, and the server, a backup, a
 * restore and `ledger:check` are separate processes: each claims the directory first. The claim is
 * `<dir>.lock` holding the pid; one left by a process that is gone (a kill -9) is taken over.
 * Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = Number(readFileSync(file, "utf8").trim());
    if (alive(holder)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${holder} (a running Aurum server?): stop it first`,
      );
    }
    rmSync(file, { force: true });
  }
}
