import { sql } from "drizzle-orm";
import type { Db, DbHandle } from "@/db/client";
import type { Settings } from "./schema";

/** The NOTIFY channel a settings change is announced on, to every instance. */
const CHANNEL = "aurum_settings";
// A change is announced at once; this only bounds how long a missed announcement could matter.
const MAX_AGE_MS = 60_000;

interface Cache {
  /** Only a process that listens for changes may keep settings (the server does; scripts and tests do not). */
  watching: boolean;
  /** Kept from the moment the read starts, so a change announced while it is under way drops it too. */
  kept?: { settings: Promise<Settings>; at: number; done: boolean };
}

// On globalThis: the server's own modules and Next's bundles are separate module graphs in one process.
const KEY = Symbol.for("aurum.settings-cache");
const cache: Cache = ((globalThis as Record<symbol, unknown>)[KEY] as Cache | undefined) ?? { watching: false };
(globalThis as Record<symbol, unknown>)[KEY] = cache;

export function forgetSettings(): void {
  cache.kept = undefined;
}

/**
 * The settings, read through `read` at most once per change when this process watches for changes.
 * Every order and page reads them, and they change when an admin saves.
 *
 * A caller `inTransaction` holds a connection: it takes kept settings only once their read has
 * finished, and otherwise reads through its own transaction without keeping what it read. Joining a
 * read still under way could wait forever, as that read may be queued for the very connection the
 * transaction holds (PGlite has one; a busy pool has none spare).
 */
export function cachedSettings(read: () => Promise<Settings>, inTransaction: boolean): Promise<Settings> {
  if (!cache.watching) return read();
  const { kept } = cache;
  if (kept && Date.now() - kept.at < MAX_AGE_MS && (kept.done || !inTransaction)) return kept.settings;
  if (inTransaction) return read();
  const entry = { settings: read(), at: Date.now(), done: false };
  cache.kept = entry;
  entry.settings.then(
    () => {
      entry.done = true;
    },
    () => {
      if (cache.kept === entry) cache.kept = undefined;
    },
  );
  return entry.settings;
}

/** Keeps settings in this process from now on, forgetting them whenever any instance changes them. */
export async function watchSettings(handle: DbHandle): Promise<() => Promise<void>> {
  const unlisten = await handle.listen(CHANNEL, forgetSettings, forgetSettings);
  forgetSettings();
  cache.watching = true;
  return async () => {
    cache.watching = false;
    forgetSettings();
    await unlisten();
  };
}

/** Tells every instance, once `tx` commits, that the settings changed. */
export async function announceSettingsChange(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, '')`);
}
