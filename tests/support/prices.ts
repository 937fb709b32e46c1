import type { Db } from "@/db/client";
import { parseAmount } from "@/lib/core/amount";
import { recordTick } from "@/lib/market/ticks";

/** "2650.5" USDT (or XAUT: both have 6 decimals) in smallest units. */
export const units = (text: string) => parseAmount(text, 6);

/** The feed says `price` (USDT per XAUT) at `at`, now by default. */
export const setPrice = (db: Db, price: string, at: Date = new Date()) => recordTick(db, { price: units(price), at });
