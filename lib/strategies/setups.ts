import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { strategies, users, type Strategy } from "@/db/schema";
import { recordActivity } from "@/lib/activity/record";
import { audit } from "@/lib/audit";
import { conflict, notFound } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { marketAssets } from "@/lib/trading/market";
import { lockStrategy, saveStrategy } from "./books";
import type { StrategyParams } from "./input";
import { columns, pauseStrategy } from "./lifecycle";
import { strategyName } from "./views";

/**
 * Trade setups: strategies an administrator prepares for a user. A setup is only a proposal: it
 * reserves nothing and runs only once the user accepts it. Every admin action on one is audited
 * and told to the user, in the transaction that does it.
 */
export interface Actor {
  id: string;
  ip: string | null;
}

const ACTIVITY_OF = {
  create: "trade_setup.proposed",
  update: "trade_setup.changed",
  withdraw: "trade_setup.withdrawn",
  pause: "trade_setup.paused",
} as const;

/** Audits an admin action on a setup and records it in the user's activity; `before` is the name an edit replaced. */
async function tell(db: Db, s: Strategy, actor: Actor, action: keyof typeof ACTIVITY_OF, before?: string) {
  const name = strategyName(s, await marketAssets(db));
  const facts = before === undefined ? { name } : { name, before };
  await audit(db, {
    actorId: actor.id,
    action: `user.trade_setup.${action}`,
    target: { type: "user", id: s.userId },
    detail: { strategyId: s.id, ...facts },
    ip: actor.ip,
  });
  await recordActivity(db, { userId: s.userId, kind: ACTIVITY_OF[action], facts, supportId: actor.id });
}

export async function proposeSetup(db: Db, userId: string, p: StrategyParams, actor: Actor): Promise<Strategy> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  const [s] = await db
    .insert(strategies)
    .values({ id: newId(), userId, status: "proposed", proposedBy: actor.id, ...columns(p) })
    .returning();
  await tell(db, s!, actor, "create");
  return s!;
}

/** A setup of this user's by id: 404 for any other strategy id. */
async function lockSetup(db: Db, id: string): Promise<Strategy> {
  const s = await lockStrategy(db, id);
  if (s.proposedBy === null || s.status === "withdrawn") throw notFound("Trade setup not found");
  return s;
}

export async function editSetup(db: Db, id: string, p: StrategyParams, actor: Actor): Promise<Strategy> {
  const s = await lockSetup(db, id);
  if (s.status !== "proposed")
    throw conflict("The user has accepted this setup: it can only be paused now", "SETUP_ACCEPTED");
  const after = await saveStrategy(db, id, columns(p));
  await tell(db, after, actor, "update", strategyName(s, await marketAssets(db)));
  return after;
}

export async function withdrawSetup(db: Db, id: string, actor: Actor): Promise<Strategy> {
  const s = await lockSetup(db, id);
  if (s.status !== "proposed")
    throw conflict("The user has accepted this setup: it can only be paused now", "SETUP_ACCEPTED");
  const after = await saveStrategy(db, id, { status: "withdrawn", endedAt: new Date() });
  await tell(db, after, actor, "withdraw");
  return after;
}

/** An administrator pauses a running setup; the user resumes or stops it. */
export async function pauseSetup(db: Db, id: string, actor: Actor): Promise<Strategy> {
  const after = await pauseStrategy(db, await lockSetup(db, id));
  await tell(db, after, actor, "pause");
  return after;
}
