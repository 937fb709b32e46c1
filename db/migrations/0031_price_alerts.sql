CREATE TYPE "public"."alert_direction" AS ENUM('above', 'below');--> statement-breakpoint
CREATE TYPE "public"."alert_status" AS ENUM('active', 'fired');--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"direction" "alert_direction" NOT NULL,
	"price" bigint NOT NULL,
	"note" text,
	"status" "alert_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fired_at" timestamp with time zone,
	"fired_price" bigint,
	CONSTRAINT "price_alerts_price_positive" CHECK ("price_alerts"."price" > 0),
	CONSTRAINT "price_alerts_fired_complete" CHECK (("price_alerts"."status" = 'fired') = ("price_alerts"."fired_at" is not null and "price_alerts"."fired_price" is not null))
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_user_created_idx" ON "price_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_active_idx" ON "price_alerts" USING btree ("direction","price") WHERE "price_alerts"."status" = 'active';