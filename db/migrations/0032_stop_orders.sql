ALTER TYPE "public"."order_type" ADD VALUE 'stop_limit';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stop_price" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stop_limit_price" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "triggered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "oco_id" uuid;--> statement-breakpoint
CREATE INDEX "orders_stop_idx" ON "orders" USING btree ("side","stop_price") WHERE "orders"."status" = 'open' and "orders"."stop_price" is not null and "orders"."triggered_at" is null;--> statement-breakpoint
CREATE INDEX "orders_oco_idx" ON "orders" USING btree ("oco_id") WHERE "orders"."oco_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stop_has_limit" CHECK (("orders"."stop_price" is null) = ("orders"."stop_limit_price" is null));--> statement-breakpoint
-- A stop-limit counts against the day's limit from its placement, at the limit it will become, as a
-- limit order does (lib/trading/daily.ts); triggering it changes nothing in its part.
CREATE OR REPLACE FUNCTION "order_notional"(o "orders", unit numeric) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN o.status = 'cancelled' THEN 0 ELSE coalesce(o.cost, ceil(o.quantity::numeric * coalesce(o.limit_price, o.stop_limit_price) / unit)::bigint) END
$$;
