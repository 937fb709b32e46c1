import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  base: string;
  /** The process started (`tsx`, the leader of the server's process group). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The production build (`npm run build`) served by server.ts on 127.0.0.1, against `databaseUrl`;
 * `onLine`, if given, sees every line the server writes (stdout and stderr). With BENCH_CPU_PROF=<dir>
 * the server writes a V8 CPU profile there when it stops (`npm run bench:cpu-profile` reads it).
 */
export async function startServer(
  databaseUrl: string,
  env: Record<string, string>,
  onLine?: (line: string) => void,
): Promise<RunningServer> {
  if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID")))
    throw new Error("No production build: run `npm run build` first");
  const port = await freePort();
  const profiled = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(
    path.join(process.cwd(), "node_modules", ".bin", "tsx"),
    [...profiled, "server.ts"],
    {
      env: { ...process.env, ...env, NODE_ENV: "production", PORT: String(port), DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString().split("\n").filter(Boolean).slice(-20));
    log.splice(0, log.length - 20);
  };
  child.stdout?.on("data", keep);
  for (const stream of onLine ? [child.stdout, child.stderr] : []) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop()!;
      for (const line of lines) if (line) onLine!(line);
    });
  }
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log.slice(-20).join("\n")}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in 120 s:\n${log.slice(-20).join("\n")}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  return {
    base,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      process.kill(-child.pid!, "SIGTERM");
      const killed = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 10_000);
      await exited;
      clearTimeout(killed);
    },
  };
}
