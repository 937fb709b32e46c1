import { boolean, customType, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // postgres.js returns a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/** Uploaded files live in the database, so every instance of the app can serve them. */
export const uploads = pgTable("uploads", {
  id: uuid("id").primaryKey(),
  purpose: text("purpose").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  bytes: bytea("bytes").notNull(),
  // Public files (the logo) are served to anyone; the others only to their owner and admins.
  public: boolean("public").notNull().default(false),
  ownerId: uuid("owner_id").references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Upload = typeof uploads.$inferSelect;
