/**
 * How amounts read on screens, in one place. The API and CSV keep exact decimal strings; screens
 * group thousands and show a sensible number of decimals per asset, with the exact amount on hover
 * and in review steps and detail views. Exact arithmetic throughout (no floats).
 *
 * The rule (the README's "Decimals"): USDT and USDC 2 decimals, XAUt 6, BTC 8, ETH 6, always all of
 * them; prices in USDT with 2 (`displayDecimal`); every unit (`exact`) only where it is labelled as
 * exact: a review step before money moves and the administrators' books. Limits and placeholders
 * read like amounts ("10.00 – 100,000.00"), and what a field is given to edit is grouped too
 * (`typedAmount`), so inputs take grouped figures (`plainAmount`).
 */
import { formatAmount, toUnits } from "@/lib/core/amount";
import { DAY_MS, MINUTE_MS } from "@/lib/core/time";

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

// What each asset is, for a page that explains rather than trades (the proof of liabilities, its
// reserves): a person who does not know the ticker reads the name first.
const FULL_NAMES: Record<string, string> = {
  XAUT: "Tether Gold",
  USDT: "Tether USD",
  USDC: "USD Coin",
  BTC: "Bitcoin",
  ETH: "Ether",
};

/** An asset as a newcomer reads it: "XAUT" → "Tether Gold (XAUt)"; an unknown code as `assetName` has it. */
export function assetFullName(code: string): string {
  const full = FULL_NAMES[code.toUpperCase()];
  return full ? `${full} (${assetName(code.toUpperCase())})` : assetName(code);
}

/**
 * An amount for reading: "1234.567890" USDT → "1,234.56", "0.0124" XAUT → "0.012400". Grouped, with the
 * asset's shown decimals (all of them, so columns align), rounded toward zero: a balance never reads as
 * more than it is.
 */
export function readable(value: string, asset: string): string {
  const decimals = shownDecimals(asset);
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

/** The shown decimals of an asset: USDT 2, XAUt 6, BTC 8, ETH 6 (6 for one not listed). */
export function shownDecimals(asset: string): number {
  return SHOWN[asset.toUpperCase()] ?? 6;
}

/** A range of amounts, as limits and placeholders write it: "10", "100000", "USDT" → "10.00 – 100,000.00". */
export function rangeText(min: string, max: string, asset: string): string {
  return `${readable(min, asset)} – ${readable(max, asset)}`;
}

/**
 * An amount put into a field for a person to send (a "Max"): grouped like every figure they read, with
 * every unit it has, so sending it moves all of it, but no trailing zero past the asset's shown decimals:
 * "25000.000000" USDT → "25,000.00", "23798.123400" USDT → "23,798.1234", "0.5" XAUT → "0.500000".
 */
export function typedAmount(value: string, asset: string): string {
  const shown = shownDecimals(asset);
  const [whole = "0", fraction = ""] = value.split(".");
  const kept = fraction.replace(/0+$/, "").padEnd(shown, "0");
  return exact(kept ? `${whole}.${kept}` : whole);
}

/**
 * What a person typed, as the API reads it: thousands separators dropped when they group correctly
 * ("25,000.50" → "25000.50"), anything else left as typed for the amount parser to refuse with its
 * own words ("2,50" stays "2,50": a decimal comma is not a thousands separator).
 */
export function plainAmount(text: string): string {
  const trimmed = text.trim();
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed) ? trimmed.replace(/,/g, "") : trimmed;
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

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** An instant's calendar and clock in one zone (`month` 0–11, `weekday` 0 = Sunday), and the zone's offset then. */
interface Moment {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
  second: number;
  offsetMinutes: number;
}

// A named zone's fields come from Intl, one formatter per zone (they are costly to build).
const zoned = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let f = zoned.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
      timeZone: zone,
    });
    zoned.set(zone, f);
  }
  return f;
}

/**
 * The reader's own zone (`zone` undefined) and UTC are read from Date itself: a phone spends about
 * 90 ms building its first Intl formatter, and every screen with a time paid it while hydrating
 * (the /trade profile, docs/BENCHMARKS.md).
 */
function momentOf(at: Date, zone: string | undefined): Moment {
  if (zone === undefined) {
    return {
      year: at.getFullYear(),
      month: at.getMonth(),
      day: at.getDate(),
      weekday: at.getDay(),
      hour: at.getHours(),
      minute: at.getMinutes(),
      second: at.getSeconds(),
      offsetMinutes: -at.getTimezoneOffset(),
    };
  }
  if (zone === "UTC") {
    return {
      year: at.getUTCFullYear(),
      month: at.getUTCMonth(),
      day: at.getUTCDate(),
      weekday: at.getUTCDay(),
      hour: at.getUTCHours(),
      minute: at.getUTCMinutes(),
      second: at.getUTCSeconds(),
      offsetMinutes: 0,
    };
  }
  const parts = zoneFormatter(zone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const [year, month, day, hour, minute, second] = [
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  ];
  const wall = Date.UTC(year, month, day, hour, minute, second);
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month, day)).getUTCDay(),
    hour,
    minute,
    second,
    offsetMinutes: Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / MINUTE_MS),
  };
}

const two = (n: number) => String(n).padStart(2, "0");
/** The calendar day as a day number, so two days subtract. */
const dayNumber = (m: Moment) => Date.UTC(m.year, m.month, m.day) / DAY_MS;
const clockText = (m: Moment) => `${two(m.hour)}:${two(m.minute)}`;
const shortDate = (m: Moment) => `${m.day} ${MONTHS[m.month]!.slice(0, 3)}`;
/** "UTC", "UTC+1", "UTC-3", "UTC+5:30". */
const offsetText = (minutes: number) =>
  minutes === 0
    ? "UTC"
    : `UTC${minutes < 0 ? "-" : "+"}${Math.floor(Math.abs(minutes) / 60)}${Math.abs(minutes) % 60 ? `:${two(Math.abs(minutes) % 60)}` : ""}`;

/**
 * A moment as people read it, in their own time zone (`zone` undefined) or a given one: "today 14:09",
 * "yesterday 09:12", "tomorrow 08:00", "24 Nov 14:09", and with the year when it is not this one:
 * "24 Nov 2025, 14:09". `now` decides what today is.
 */
export function timeText(at: Date | string, now: Date | number, zone?: string): string {
  const when = momentOf(new Date(at), zone);
  const today = momentOf(new Date(now), zone);
  const days = dayNumber(when) - dayNumber(today);
  const time = clockText(when);
  if (days === 0) return `today ${time}`;
  if (days === -1) return `yesterday ${time}`;
  if (days === 1) return `tomorrow ${time}`;
  return when.year === today.year ? `${shortDate(when)} ${time}` : `${shortDate(when)} ${when.year}, ${time}`;
}

/** A day as people read it, in their zone or a given one: "24 Nov 2026". */
export function dateText(at: Date | string, zone?: string): string {
  const m = momentOf(new Date(at), zone);
  return `${shortDate(m)} ${m.year}`;
}

/** A moment in full, for a tooltip: "Tuesday, 24 November 2026, 14:09:04 UTC+1". */
export function fullTimeText(at: Date | string, zone?: string): string {
  const m = momentOf(new Date(at), zone);
  return `${WEEKDAYS[m.weekday]}, ${m.day} ${MONTHS[m.month]} ${m.year}, ${clockText(m)}:${two(m.second)} ${offsetText(m.offsetMinutes)}`;
}

/** A moment where the reader's zone is unknown (a mail, a page before its script runs): "24 Nov 2026, 14:09 UTC". */
export function utcText(at: Date | string): string {
  return `${dateText(at, "UTC")}, ${clockText(momentOf(new Date(at), "UTC"))} UTC`;
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
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  if (minutes < 60) return unit(minutes, "minute");
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  if (h % 24 === 0 && m === 0 && h >= 48) return unit(h / 24, "day");
  return m === 0 ? unit(h, "hour") : `${unit(h, "hour")} ${unit(m, "minute")}`;
}
