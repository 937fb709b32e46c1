import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { strategies, users, type Strategy } from "@/db/schema";
import { audit } from "@/lib/audit";
import { conflict, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { createNotification } from "@/lib/notifications/create";
import { marketAssets } from "@/lib/trading/market";
import { lockStrategy, saveStrategy } from "./books";
import type { StrategyParams } from "./input";
import { columns, pauseStrategy } from "./lifecycle";
import { strategyName } from "./view";

/**
 * Trade setups: strategies an administrator prepares for a user. A setup is only a proposal: it
 * reserves nothing and runs only once the user accepts it. Every admin action on one is audited
 * and told to the user, in the transaction that does it.
 */
export interface Actor {
  id: string;
  ip: string | null;
}

async function tell(db: Db, s: Strategy, actor: Actor, action: string, message: string, detail: Record<string, unknown> = {}) {
  const name = strategyName(s, await marketAssets(db));
  await audit(db, { actorId: actor.id, action: `user.trade_setup.${action}`, target: { type: "user", id: s.userId }, detail: { strategyId: s.id, name, ...detail }, ip: actor.ip });
  await createNotification(db, { userId: s.userId, title: "Your AI trading", message: message.replace("{name}", name), senderId: actor.id });
}

export async function proposeSetup(db: Db, userId: string, p: StrategyParams, actor: Actor): Promise<Strategy> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  const [s] = await db.insert(strategies).values({ id: newId(), userId, status: "proposed", proposedBy: actor.id, ...columns(p) }).returning();
  await tell(db, s!, actor, "create", "Support proposed a strategy for you: {name}. It runs only if you accept it on AI trading.");
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
  if (s.status !== "proposed") throw conflict("The user has accepted this setup: it can only be paused now", "SETUP_ACCEPTED");
  const after = await saveStrategy(db, id, columns(p));
  await tell(db, after, actor, "update", "Support changed the strategy it proposed for you: it is now {name}.", { before: strategyName(s, await marketAssets(db)) });
  return after;
}

export async function withdrawSetup(db: Db, id: string, actor: Actor): Promise<Strategy> {
  const s = await lockSetup(db, id);
  if (s.status !== "proposed") throw conflict("The user has accepted this setup: it can only be paused now", "SETUP_ACCEPTED");
  const after = await saveStrategy(db, id, { status: "withdrawn", endedAt: new Date() });
  await tell(db, after, actor, "withdraw", "Support withdrew the strategy it proposed for you: {name}.");
  return after;
}

/** An administrator pauses a running setup; the user resumes or stops it. */
export async function pauseSetup(db: Db, id: string, actor: Actor): Promise<Strategy> {
  const after = await pauseStrategy(db, await lockSetup(db, id));
  await tell(db, after, actor, "pause", "Support paused your strategy {name}. Its budget stays reserved: resume or stop it on AI trading.");
  return after;
}
