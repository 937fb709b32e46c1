CREATE TYPE "public"."subscription_status" AS ENUM('active', 'redeemed', 'matured');--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saving_accruals" (
	"subscription_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saving_accruals_subscription_id_day_pk" PRIMARY KEY("subscription_id","day")
);
--> statement-breakpoint
CREATE TABLE "saving_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"asset" text NOT NULL,
	"apr_bps" integer NOT NULL,
	"term_days" integer NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"total_cap" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saving_plans_terms" CHECK ("saving_plans"."apr_bps" >= 0 and "saving_plans"."term_days" >= 0 and "saving_plans"."min_amount" > 0 and "saving_plans"."max_amount" >= "saving_plans"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "saving_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"principal" bigint NOT NULL,
	"apr_bps" integer NOT NULL,
	"term_days" integer NOT NULL,
	"start_day" date NOT NULL,
	"accrued" bigint DEFAULT 0 NOT NULL,
	"days_paid" integer DEFAULT 0 NOT NULL,
	"status" "subscription_status" DEFAULT 'active' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_accruals" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"basis" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"carry" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_accruals_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "saving_accruals" ADD CONSTRAINT "saving_accruals_subscription_id_saving_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."saving_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saving_plans" ADD CONSTRAINT "saving_plans_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saving_subscriptions" ADD CONSTRAINT "saving_subscriptions_plan_id_saving_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."saving_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saving_subscriptions" ADD CONSTRAINT "saving_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saving_subscriptions" ADD CONSTRAINT "saving_subscriptions_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_accruals" ADD CONSTRAINT "storage_accruals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saving_subscriptions_user_idx" ON "saving_subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saving_subscriptions_plan_status_idx" ON "saving_subscriptions" USING btree ("plan_id","status");