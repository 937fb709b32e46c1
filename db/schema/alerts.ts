import { sql } from "drizzle-orm";
import { bigint, check, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const alertDirection = pgEnum("alert_direction", ["above", "below"]);
export const alertStatus = pgEnum("alert_status", ["active", "fired"]);

/**
 * A user's price alert on XAUT/USDT: "above" fires when the feed's price rises to or over `price`,
 * "below" when it falls to or under it. It fires once, then ends with the price it crossed at. Prices
 * are USDT smallest units per whole XAUT, as the feed's.
 */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    direction: alertDirection("direction").notNull(),
    price: bigint("price", { mode: "bigint" }).notNull(),
    note: text("note"),
    status: alertStatus("status").notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    firedAt: timestamp("fired_at", { withTimezone: true }),
    firedPrice: bigint("fired_price", { mode: "bigint" }),
  },
  (t) => [
    index("price_alerts_user_created_idx").on(t.userId, t.createdAt),
    // A tick reads only the active alerts it reaches, by direction and price (lib/alerts/fire.ts).
    index("price_alerts_active_idx")
      .on(t.direction, t.price)
      .where(sql`${t.status} = 'active'`),
    check("price_alerts_price_positive", sql`${t.price} > 0`),
    check(
      "price_alerts_fired_complete",
      sql`(${t.status} = 'fired') = (${t.firedAt} is not null and ${t.firedPrice} is not null)`,
    ),
  ],
);

export type PriceAlert = typeof priceAlerts.$inferSelect;
