import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";

/**
 * N production instances of Aurum on one fresh PostgreSQL database, behind Debian's nginx: the
 * setup the README describes for running several instances, started for a test and torn down.
 */
export interface Instance {
  port: number;
  /** The instance id it logged when it started (the holder name of its job leases). */
  id: string | null;
  process: ChildProcess | null;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  instances: Instance[];
  kill(index: number): void;
  start(index: number): Promise<void>;
  /** SIGTERM, as an orchestrator rolling out a new version sends: it drains, exits, and starts again. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

const ENV = {
  NODE_ENV: "production" as const,
  AUTH_SECRET: "cluster-secret-0123456789abcdef0123456789",
  // One VAPID pair for every instance, as several instances need (each has a DATA_DIR of its own).
  VAPID_PUBLIC_KEY: "BHuSkCGA4JvsXRJRMEvPz1KMxeDHYsdS_IGaFofM1dvE-1oFotY5fkxkGujAs7KJ5YdiDzjy0YYCjRZpt-HIyCo",
  VAPID_PRIVATE_KEY: "vLYGOuPwcf2R9jIubijBmuA3dg9PKKn-d9SEziGfBu8",
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "cluster-admin-password",
  REGISTRATIONS_PER_IP_PER_HOUR: "100000",
  TRUST_PROXY: "1",
  LOG_LEVEL: "info",
  SHUTDOWN_GRACE_MS: "2000",
};

function nginxConfig(dir: string, listen: number, ports: number[]): string {
  return `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream aurum {
    ${ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`).join("\n    ")}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 8m;
    location / {
      proxy_pass http://aurum;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Request-Id $request_id;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 60s;
      # A dead instance's refused connection goes to the next one. Writes are retried too: every
      # money call carries an Idempotency-Key, so a retry posts once.
      proxy_next_upstream error timeout non_idempotent;
    }
    # The build's files are named by their content: during an upgrade an instance of the other build
    # does not have a page's files (404), and the next instance is asked.
    location /_next/static/ {
      proxy_pass http://aurum;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_set_header Connection "";
      proxy_next_upstream error timeout http_404;
    }
  }
}
`;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const ready = (url: string) => fetch(`${url}/api/health/ready`).then((r) => r.ok);

/** `databasePort`: the instances reach PostgreSQL through this port on 127.0.0.1 (a proxy the test can cut). */
export async function startCluster(options: {
  serverUrl: string;
  name: string;
  basePort: number;
  size: number;
  databasePort?: number;
}): Promise<Cluster> {
  const databaseUrl = new URL(options.serverUrl);
  databaseUrl.pathname = `${databaseUrl.pathname}_${options.name}`;
  const instanceDatabaseUrl = new URL(databaseUrl);
  if (options.databasePort) instanceDatabaseUrl.host = `127.0.0.1:${options.databasePort}`;
  const admin = postgres(options.serverUrl, { max: 1, onnotice: () => {} });
  const database = databaseUrl.pathname.slice(1);
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.unsafe(`create database ${database}`);
  await admin.end();

  const instances: Instance[] = Array.from({ length: options.size }, (_, i) => ({
    port: options.basePort + 1 + i,
    id: null,
    process: null,
  }));

  const start = async (index: number) => {
    const instance = instances[index]!;
    // One process per instance (node with tsx's loader, no wrapper), so SIGKILL kills the server itself.
    const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env: {
        ...process.env,
        ...ENV,
        PORT: String(instance.port),
        DATABASE_URL: instanceDatabaseUrl.toString(),
        DATA_DIR: `.cluster-data-${index}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    instance.process = child;
    child.stdout!.on("data", (chunk: Buffer) => {
      const found = /"instance":"([0-9a-f-]{36})"/.exec(chunk.toString());
      if (found) instance.id = found[1]!;
    });
    child.stderr!.on("data", () => {});
    await waitFor(() => ready(`http://127.0.0.1:${instance.port}`), `instance ${index} to be ready`);
  };

  const stopInstance = (instance: Instance) =>
    new Promise<void>((resolve) => {
      if (!instance.process || instance.process.exitCode !== null) return resolve();
      instance.process.once("exit", () => resolve());
      instance.process.kill("SIGTERM");
    });

  // One at a time: the first migrates the fresh database and writes the price history.
  for (let i = 0; i < instances.length; i++) await start(i);

  const dir = mkdtempSync(path.join(tmpdir(), "aurum-nginx-"));
  writeFileSync(
    path.join(dir, "nginx.conf"),
    nginxConfig(
      dir,
      options.basePort,
      instances.map((i) => i.port),
    ),
  );
  const nginx = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], {
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${options.basePort}`;
  await waitFor(() => ready(url), "nginx");

  return {
    url,
    databaseUrl: databaseUrl.toString(),
    instances,
    kill(index) {
      instances[index]!.process?.kill("SIGKILL");
      instances[index]!.process = null;
    },
    start,
    async restart(index) {
      await stopInstance(instances[index]!);
      await start(index);
    },
    async stop() {
      nginx.kill("SIGTERM");
      await Promise.all(instances.map(stopInstance));
      const drop = postgres(options.serverUrl, { max: 1, onnotice: () => {} });
      await drop.unsafe(`drop database if exists ${database} with (force)`);
      await drop.end();
    },
  };
}
