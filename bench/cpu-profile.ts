/**
 * `npm run bench:cpu-profile -- <file.cpuprofile> [from-to]`: where a Node process's CPU went, from
 * a V8 CPU profile (`node --cpu-prof`; `BENCH_CPU_PROF=<dir>` makes the benchmarks' server write one).
 *
 * Without a window it prints how busy the JavaScript thread was in each second of the profile, so a
 * benchmark's phases can be told apart (each runs BENCH_SECONDS at full load, with quiet set-up in
 * between). With one (`19-26`: seconds from the profile's start) it prints that window's busy share
 * and the busy time by where the sampled function lives: the database driver's socket writes apart
 * from the HTTP server's, zlib, garbage collection, Next, postgres.js, drizzle, the app's bundle
 * (`.next/server`), server.ts's own modules, Node's internals by module. A leaf in V8's own code counts as its caller's.
 */
import { readFileSync } from "node:fs";

interface Frame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(["(idle)", "(program)"]);
const SOCKET_WRITE = /^(writeBuffer|writev|writeGeneric|writeUtf8String|writeLatin1String)$/;

const PLACES: [RegExp, string][] = [
  [/postgres\//, "postgres.js"],
  [/drizzle-orm\//, "drizzle"],
  [/zlib/, "zlib"],
  [/socket\.io|engine\.io/, "socket.io"],
  [/next\/dist\//, "next"],
  [/\.next\/server\//, "app bundle"],
  [/zod\//, "zod"],
  // server.ts and the modules it loads itself, outside Next's bundle (through tsx).
  [/^file:\/\/(?!.*node_modules)/, "server.ts's own modules"],
];

function placeOf(stack: Frame[]): string {
  const leaf = stack[0]!;
  if (leaf.functionName === "(garbage collector)") return "garbage collection";
  if (SOCKET_WRITE.test(leaf.functionName)) {
    return stack.some((f) => /postgres\//.test(f.url)) ? "socket writes: database" : "socket writes: HTTP and other";
  }
  // V8's builtins have no url: they count where they were called from.
  const frame = stack.find((f) => f.url) ?? leaf;
  for (const [pattern, place] of PLACES) if (pattern.test(frame.url)) return place;
  if (frame.url.startsWith("node:"))
    return `node: ${frame.url.replace(/^node:(internal\/)?(deps\/)?/, "").split("/")[0]}`;
  return frame.url
    ? `other: ${frame.url.replace(/.*node_modules\//, "").split("/")[0]}`
    : `native: ${leaf.functionName}`;
}

function main() {
  const [file, window] = process.argv.slice(2);
  if (!file) throw new Error("usage: npm run bench:cpu-profile -- <file.cpuprofile> [from-to]");
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  const stackOf = (id: number) => {
    const stack: Frame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) stack.push(nodes.get(at)!.callFrame);
    return stack;
  };
  let at = profile.startTime;
  const seconds = profile.timeDeltas.map((delta) => (at += delta) - profile.startTime).map((us) => us / 1e6);

  if (!window) {
    const perSecond: { busy: number; all: number }[] = [];
    profile.samples.forEach((id, i) => {
      const second = (perSecond[Math.floor(seconds[i]!)] ??= { busy: 0, all: 0 });
      second.all++;
      if (!IDLE.has(nodes.get(id)!.callFrame.functionName)) second.busy++;
    });
    console.log("busy share of each second (second:%):");
    console.log(perSecond.map((s, i) => `${i}:${s ? Math.round((100 * s.busy) / s.all) : 0}`).join(" "));
    return;
  }
  const [from, to] = window.split("-").map(Number) as [number, number];
  const places = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    if (seconds[i]! < from || seconds[i]! >= to) return;
    all++;
    if (IDLE.has(nodes.get(id)!.callFrame.functionName)) return;
    const place = placeOf(stackOf(id));
    places.set(place, (places.get(place) ?? 0) + 1);
  });
  const busy = [...places.values()].reduce((a, b) => a + b, 0);
  console.log(
    `seconds ${from}-${to}: ${all} samples, busy ${((100 * busy) / Math.max(all, 1)).toFixed(0)} %; of the busy time:`,
  );
  for (const [place, n] of [...places].sort((a, b) => b[1] - a[1])) {
    if ((100 * n) / busy < 0.5) break;
    console.log(`  ${place.padEnd(36)} ${((100 * n) / busy).toFixed(1).padStart(5)} %`);
  }
}

main();
