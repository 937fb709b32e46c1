CREATE TABLE "trading_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"used" bigint NOT NULL,
	CONSTRAINT "trading_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "trading_days_used_non_negative" CHECK ("trading_days"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trading_days" ADD CONSTRAINT "trading_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An order's part of its day's total, as the daily trading limit counts it (lib/trading/daily.ts).
CREATE FUNCTION "order_notional"(o "orders", unit numeric) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN o.status = 'cancelled' THEN 0 ELSE coalesce(o.cost, ceil(o.quantity::numeric * o.limit_price / unit)::bigint) END
$$;
--> statement-breakpoint
-- Keeps trading_days for every order written or changed, by whichever code (the previous version
-- during a rolling upgrade included): the change in the order's part goes to the day it was placed.
-- It runs after the order's row is written, which every path does after its posting, so the day's
-- row is locked after the accounts everywhere.
CREATE FUNCTION "orders_trading_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unit numeric := 10::numeric ^ (SELECT decimals FROM assets WHERE code = 'XAUT');
  change bigint := order_notional(NEW, unit);
BEGIN
  IF TG_OP = 'UPDATE' THEN
    change := change - order_notional(OLD, unit);
  END IF;
  -- A rise may open the day's row; a fall only ever follows the rise that opened it.
  IF change > 0 THEN
    INSERT INTO trading_days AS d (user_id, day, used) VALUES (NEW.user_id, (NEW.created_at AT TIME ZONE 'UTC')::date, change)
      ON CONFLICT (user_id, day) DO UPDATE SET used = d.used + excluded.used;
  ELSIF change < 0 THEN
    UPDATE trading_days SET used = used + change WHERE user_id = NEW.user_id AND day = (NEW.created_at AT TIME ZONE 'UTC')::date;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'trading_days has no row for user % on %', NEW.user_id, (NEW.created_at AT TIME ZONE 'UTC')::date;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_trading_days" AFTER INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_trading_days"();
--> statement-breakpoint
INSERT INTO trading_days (user_id, day, used)
  SELECT o.user_id, (o.created_at AT TIME ZONE 'UTC')::date, sum(order_notional(o, 10::numeric ^ (SELECT decimals FROM assets WHERE code = 'XAUT')))
  FROM orders o
  GROUP BY 1, 2;
