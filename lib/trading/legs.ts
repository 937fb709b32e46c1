import type { AccountRef, Leg } from "@/lib/ledger/post";
import { BASE, QUOTE } from "@/lib/ledger/assets";
import type { Fill } from "./pricing";

const FEE = "Fee";

/** Where a user's money sits for a movement: spot, hold, or one strategy's reserve (by the strategy's id). */
export type Place = "spot" | "hold" | { reserve: string };

const at = (userId: string, asset: string, place: Place): AccountRef =>
  typeof place === "string"
    ? { userId, asset, kind: place }
    : { userId, asset, kind: "reserve", strategyId: place.reserve };

/**
 * The legs of a fill, the platform (house) on the other side of every one, the fee its own pair
 * of legs into the fees account. What the user gives comes `from` spot (a market order), hold (what
 * a limit order reserved) or a strategy's reserve (its market buys); what they get goes `to` spot,
 * or back to the reserve of the strategy whose order it was. Returning a limit buy's unused
 * reservation is the caller's.
 */
export function fillLegs(userId: string, side: "buy" | "sell", fill: Fill, route: { from: Place; to: Place }): Leg[] {
  const legs: Leg[] = [];
  const user = (asset: string, place: Place, amount: bigint, label?: string) =>
    amount !== 0n && legs.push({ account: at(userId, asset, place), amount, label });
  const system = (system: "house" | "fees", asset: string, amount: bigint, label?: string) =>
    amount !== 0n && legs.push({ account: { system, asset }, amount, label });

  if (side === "buy") {
    user(QUOTE, route.from, -fill.cost);
    system("house", QUOTE, fill.cost);
    user(QUOTE, route.from, -fill.fee, FEE);
    system("fees", QUOTE, fill.fee, FEE);
    system("house", BASE, -fill.quantity);
    user(BASE, route.to, fill.quantity);
  } else {
    user(BASE, route.from, -fill.quantity);
    system("house", BASE, fill.quantity);
    system("house", QUOTE, -fill.cost);
    user(QUOTE, route.to, fill.cost);
    user(QUOTE, route.to, -fill.fee, FEE);
    system("fees", QUOTE, fill.fee, FEE);
  }
  return legs;
}

/** Moves `amount` of one user's asset between two of their places; none for zero. */
export function moveLegs(userId: string, asset: string, amount: bigint, from: Place, to: Place): Leg[] {
  if (amount === 0n) return [];
  return [
    { account: at(userId, asset, from), amount: -amount },
    { account: at(userId, asset, to), amount },
  ];
}

/** Moves an order's reservation between spot and hold (placing: to hold; cancelling: back). */
export function holdLegs(userId: string, asset: string, amount: bigint, direction: "reserve" | "release"): Leg[] {
  if (amount === 0n) return [];
  const sign = direction === "reserve" ? 1n : -1n;
  return [
    { account: { userId, asset, kind: "spot" }, amount: -sign * amount },
    { account: { userId, asset, kind: "hold" }, amount: sign * amount },
  ];
}
