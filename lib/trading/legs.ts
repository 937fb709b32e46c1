import type { Leg } from "@/lib/ledger/post";
import { BASE, QUOTE } from "./market";
import type { Fill } from "./pricing";

const FEE = "Fee";

type Kind = "spot" | "hold";

/**
 * The legs of a fill, the platform (house) on the other side of every one, the fee its own pair
 * of legs into the fees account. What the user gives comes `from` spot (a market order) or hold
 * (what a limit order or a strategy reserved); what they get goes `to` spot, or stays in hold when
 * a grid keeps it for its next order. Returning a limit buy's unused reservation is the caller's.
 */
export function fillLegs(userId: string, side: "buy" | "sell", fill: Fill, route: { from: Kind; to: Kind }): Leg[] {
  const legs: Leg[] = [];
  const user = (asset: string, kind: Kind, amount: bigint, label?: string) => amount !== 0n && legs.push({ account: { userId, asset, kind }, amount, label });
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

/** Moves an order's reservation between spot and hold (placing: to hold; cancelling: back). */
export function holdLegs(userId: string, asset: string, amount: bigint, direction: "reserve" | "release"): Leg[] {
  if (amount === 0n) return [];
  const sign = direction === "reserve" ? 1n : -1n;
  return [
    { account: { userId, asset, kind: "spot" }, amount: -sign * amount },
    { account: { userId, asset, kind: "hold" }, amount: sign * amount },
  ];
}
