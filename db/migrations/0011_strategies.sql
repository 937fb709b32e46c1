CREATE TYPE "public"."strategy_period" AS ENUM('hourly', 'daily', 'weekly');--> statement-breakpoint
CREATE TYPE "public"."strategy_status" AS ENUM('proposed', 'running', 'paused', 'stopped', 'completed', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."strategy_type" AS ENUM('recurring', 'grid');--> statement-breakpoint
CREATE TABLE "strategies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "strategy_type" NOT NULL,
	"status" "strategy_status" NOT NULL,
	"proposed_by" uuid,
	"amount" bigint,
	"period" "strategy_period",
	"price_ceiling" bigint,
	"max_rounds" integer,
	"lower" bigint,
	"upper" bigint,
	"levels" integer,
	"investment" bigint,
	"quantity" bigint,
	"reserved_quote" bigint DEFAULT 0 NOT NULL,
	"reserved_base" bigint DEFAULT 0 NOT NULL,
	"funded" bigint DEFAULT 0 NOT NULL,
	"rounds_run" integer DEFAULT 0 NOT NULL,
	"rounds_skipped" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_skip_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "strategies_reserves" CHECK ("strategies"."reserved_quote" >= 0 and "strategies"."reserved_base" >= 0),
	CONSTRAINT "strategies_shape" CHECK (("strategies"."type" = 'recurring' and "strategies"."amount" > 0 and "strategies"."period" is not null) or ("strategies"."type" = 'grid' and "strategies"."lower" > 0 and "strategies"."upper" > "strategies"."lower" and "strategies"."levels" between 2 and 100 and "strategies"."investment" > 0))
);
--> statement-breakpoint
CREATE TABLE "strategy_consents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"strategy_id" uuid NOT NULL,
	"key" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"order_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "strategy_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "grid_level" integer;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_consents" ADD CONSTRAINT "strategy_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_runs" ADD CONSTRAINT "strategy_runs_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_runs" ADD CONSTRAINT "strategy_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "strategies_user_idx" ON "strategies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "strategies_due_idx" ON "strategies" USING btree ("next_run_at") WHERE "strategies"."status" = 'running' and "strategies"."type" = 'recurring';--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_runs_key" ON "strategy_runs" USING btree ("strategy_id","key");--> statement-breakpoint
CREATE INDEX "strategy_runs_strategy_idx" ON "strategy_runs" USING btree ("strategy_id","at");--> statement-breakpoint
CREATE INDEX "orders_strategy_idx" ON "orders" USING btree ("strategy_id") WHERE "orders"."strategy_id" is not null;