/**
 * How amounts read on screens, in one place. The API and CSV keep exact decimal strings; screens
 * group thousands and show a sensible number of decimals per asset, with the exact amount on hover
 * and in review steps and detail views. Exact arithmetic throughout (no floats).
 */
import { formatAmount, toUnits } from "@/lib/ledger/amount";

// Decimals shown per asset, always all of them so amounts line up in columns and one asset reads one
// way everywhere: cents for dollars; XAUt to the unit (0.000001 is 0.4 cents of gold), BTC and ETH to
// the digit that still matters.
const SHOWN: Record<string, number> = { USDT: 2, USDC: 2, XAUT: 6, BTC: 8, ETH: 6 };
// An asset's name in a sentence or a label. Codes stay codes in the API (`"asset": "XAUT"`); a person
// reads the product's spelling.
const NAMES: Record<string, string> = { XAUT: "XAUt" };

const grouped = (units: bigint, decimals: number, negative: boolean) => {
  const digits = units.toString().padStart(decimals + 1, "0");
  const head = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const tail = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : "";
  return `${negative && units > 0n ? "-" : ""}${head}${tail}`;
};

/** How people read an asset's code: "XAUT" → "XAUt"; the others as they are. */
export function assetName(code: string): string {
  return NAMES[code.toUpperCase()] ?? code;
}

/**
 * An amount for reading: "1234.567890" USDT → "1,234.56", "0.0124" XAUT → "0.012400". Grouped, with the
 * asset's shown decimals (all of them, so columns align), rounded toward zero: a balance never reads as
 * more than it is.
 */
export function readable(value: string, asset: string): string {
  const decimals = SHOWN[asset.toUpperCase()] ?? 6;
  return grouped(toUnits(value.replace(/^-/, ""), decimals, "down"), decimals, value.startsWith("-"));
}

/** An amount in a sentence, as every server text and screen writes it: "5000" USDT → "5,000.00 USDT", "0.2" XAUT → "0.200000 XAUt". */
export function money(value: string, asset: string): string {
  return `${readable(value, asset)} ${assetName(asset)}`;
}

/** `money` for smallest units: 5000000000n, 6, "USDT" → "5,000.00 USDT". */
export function moneyOf(units: bigint, decimals: number, asset: string): string {
  return money(formatAmount(units, decimals), asset);
}

/** The exact amount, grouped: "1234.500000" → "1,234.500000". */
export function exact(value: string): string {
  const decimals = value.split(".")[1]?.length ?? 0;
  return grouped(toUnits(value.replace(/^-/, ""), decimals, "exact"), decimals, value.startsWith("-"));
}

/**
 * "4012.345678" → "4,012.35": a decimal string rounded half up to `decimals` places and grouped in
 * thousands, for showing a quote. Exact (no floats), so the figure shown is the figure sent.
 */
export function displayDecimal(value: string, decimals = 2): string {
  return grouped(toUnits(value.replace(/^-/, ""), decimals, "half-up"), decimals, value.startsWith("-"));
}

/** A decimal string as it was set, grouped in thousands with every decimal kept: "10000" → "10,000", "0.001" → "0.001". */
export function displaySetting(value: string): string {
  return displayDecimal(value, value.split(".")[1]?.length ?? 0);
}

/**
 * Basis points as a percentage people read, exactly and without trailing zeros: 525 → "5.25 %",
 * 20 → "0.2 %", 0 → "0 %". The one formatter for rates, fees and spreads given in basis points;
 * the space before "%" does not break.
 */
export function percentText(bps: number): string {
  return `${formatAmount(BigInt(bps), 2).replace(/\.?0+$/, "")}\u00a0%`;
}

/** An address as people read it: an IPv4 address that reached an IPv6 socket ("::ffff:203.0.113.7") without its prefix. */
export function readableAddress(ip: string | null): string {
  if (!ip) return "Unknown address";
  return ip.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, "$1");
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const clock = new Map<string, Intl.DateTimeFormat>();
// One formatter per zone and shape (they are costly to build). `undefined` is the reader's own zone.
const formatter = (zone: string | undefined, shape: "day" | "time" | "date" | "year" | "full") => {
  const key = `${zone ?? ""}|${shape}`;
  let f = clock.get(key);
  if (!f) {
    const options: Record<typeof shape, Intl.DateTimeFormatOptions> = {
      day: { year: "numeric", month: "numeric", day: "numeric" },
      time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
      date: { day: "numeric", month: "short" },
      year: { day: "numeric", month: "short", year: "numeric" },
      full: { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZoneName: "short" },
    };
    f = new Intl.DateTimeFormat("en-GB", { ...options[shape], timeZone: zone });
    clock.set(key, f);
  }
  return f;
};

/** The calendar day of an instant in a zone, as a day number (so two days subtract). */
const dayNumber = (at: Date, zone: string | undefined) => {
  const parts = formatter(zone, "day").formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day")) / DAY;
};

/**
 * A moment as people read it, in their own time zone (`zone` undefined) or a given one: "today 14:09",
 * "yesterday 09:12", "tomorrow 08:00", "24 Nov 14:09", and with the year when it is not this one:
 * "24 Nov 2025, 14:09". `now` decides what today is.
 */
export function timeText(at: Date | string, now: Date | number, zone?: string): string {
  const when = new Date(at);
  const days = dayNumber(when, zone) - dayNumber(new Date(now), zone);
  const time = formatter(zone, "time").format(when);
  if (days === 0) return `today ${time}`;
  if (days === -1) return `yesterday ${time}`;
  if (days === 1) return `tomorrow ${time}`;
  const year = (d: Date) => formatter(zone, "year").formatToParts(d).find((p) => p.type === "year")?.value;
  return year(when) === year(new Date(now)) ? `${formatter(zone, "date").format(when)} ${time}` : `${formatter(zone, "year").format(when)}, ${time}`;
}

/** A day as people read it, in their zone or a given one: "24 Nov 2026". */
export function dateText(at: Date | string, zone?: string): string {
  return formatter(zone, "year").format(new Date(at));
}

/** A moment in full, for a tooltip: "Tuesday, 24 November 2026, 14:09:04 CET". */
export function fullTimeText(at: Date | string, zone?: string): string {
  return formatter(zone, "full").format(new Date(at));
}

/** A moment where the reader's zone is unknown (a mail, a page before its script runs): "24 Nov 2026, 14:09 UTC". */
export function utcText(at: Date | string): string {
  return `${formatter("UTC", "year").format(new Date(at))}, ${formatter("UTC", "time").format(new Date(at))} UTC`;
}

/**
 * How long until a moment, for a live countdown: "in 45 s", "in 4 min 05 s", "in 23 h 58 min",
 * "in 2 d 3 h"; "now" once it has passed. Rounded up, so a wait never reads as over before it is.
 */
export function countdownText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds <= 0) return "now";
  if (seconds < 60) return `in ${seconds} s`;
  if (seconds < 3600) return `in ${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 24 * 60) return `in ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  const hours = Math.ceil(minutes / 60);
  return `in ${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** A length of time in words, for a server's sentence that cannot know the reader's zone: "24 hours", "15 minutes", "1 hour 30 minutes", "2 days". */
export function durationText(ms: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  if (minutes < 60) return unit(minutes, "minute");
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  if (h % 24 === 0 && m === 0 && h >= 48) return unit(h / 24, "day");
  return m === 0 ? unit(h, "hour") : `${unit(h, "hour")} ${unit(m, "minute")}`;
}
