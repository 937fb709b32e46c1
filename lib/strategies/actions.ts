import type { Db } from "@/db/client";
import type { Strategy } from "@/db/schema";
import { lockStrategy } from "./books";
import { pauseStrategy, resumeStrategy, stopStrategy } from "./lifecycle";

/** What the user can do to a strategy of theirs from /ai-trading, with what the screen says after. */
export const USER_ACTIONS = {
  pause: {
    run: async (db: Db, userId: string, id: string) => pauseStrategy(db, await lockStrategy(db, id, userId)),
    message: "Strategy paused: its budget stays reserved",
  },
  resume: { run: (db: Db, userId: string, id: string) => resumeStrategy(db, userId, id), message: "Strategy resumed" },
  stop: {
    run: (db: Db, userId: string, id: string) => stopStrategy(db, userId, id),
    message: "Strategy stopped: everything it held is back in your available balance",
  },
} satisfies Record<string, { run: (db: Db, userId: string, id: string) => Promise<Strategy>; message: string }>;
