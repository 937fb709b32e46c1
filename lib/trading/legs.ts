import type { Leg } from "@/lib/ledger/post";
import { BASE, QUOTE } from "./market";
import type { Fill } from "./pricing";

const FEE = "Fee";

/**
 * The legs of a fill, the platform (house) on the other side of every one, the fee its own pair
 * of legs into the fees account. A market order pays from spot; a limit order pays from what it
 * reserved in hold, and a buy returns what the reservation did not need to spot.
 */
export function fillLegs(userId: string, side: "buy" | "sell", fill: Fill, source: { kind: "spot" } | { kind: "hold"; held: bigint }): Leg[] {
  const legs: Leg[] = [];
  const user = (asset: string, kind: "spot" | "hold", amount: bigint, label?: string) =>
    amount !== 0n && legs.push({ account: { userId, asset, kind }, amount, label });
  const system = (system: "house" | "fees", asset: string, amount: bigint, label?: string) =>
    amount !== 0n && legs.push({ account: { system, asset }, amount, label });

  if (side === "buy") {
    user(QUOTE, source.kind, -fill.cost);
    system("house", QUOTE, fill.cost);
    user(QUOTE, source.kind, -fill.fee, FEE);
    system("fees", QUOTE, fill.fee, FEE);
    if (source.kind === "hold") {
      const unused = source.held - fill.net;
      if (unused < 0n) throw new Error(`fill needs ${fill.net} but the order holds ${source.held}`);
      user(QUOTE, "hold", -unused);
      user(QUOTE, "spot", unused);
    }
    system("house", BASE, -fill.quantity);
    user(BASE, "spot", fill.quantity);
  } else {
    if (source.kind === "hold" && source.held !== fill.quantity) throw new Error(`sell of ${fill.quantity} but the order holds ${source.held}`);
    user(BASE, source.kind, -fill.quantity);
    system("house", BASE, fill.quantity);
    system("house", QUOTE, -fill.cost);
    user(QUOTE, "spot", fill.cost);
    user(QUOTE, "spot", -fill.fee, FEE);
    system("fees", QUOTE, fill.fee, FEE);
  }
  return legs;
}

/** Moves an order's reservation between spot and hold (placing: to hold; cancelling: back). */
export function holdLegs(userId: string, asset: string, amount: bigint, direction: "reserve" | "release"): Leg[] {
  const sign = direction === "reserve" ? 1n : -1n;
  return [
    { account: { userId, asset, kind: "spot" }, amount: -sign * amount },
    { account: { userId, asset, kind: "hold" }, amount: sign * amount },
  ];
}
