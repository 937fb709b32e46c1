import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockDataDir } from "@/db/data-dir-lock";

const work = mkdtempSync(path.join(tmpdir(), "aurum-lock-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("lockDataDir", () => {
  it("lets one process at a time have an embedded database directory, and frees it on release", () => {
    const dir = path.join(work, "a", "pglite");
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.pid}`);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it("takes over a claim left by a process that is gone (a kill -9)", () => {
    const dir = path.join(work, "b", "pglite");
    const gone = Number(execFileSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).toString());
    lockDataDir(dir)();
    writeFileSync(`${dir}.lock`, String(gone));
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
  });
});
