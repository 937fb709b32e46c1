CREATE TYPE "public"."account_kind" AS ENUM('spot', 'hold', 'storage', 'savings', 'house', 'fees', 'external', 'interest', 'adjustments');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"asset" text NOT NULL,
	"kind" "account_kind" NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_user_balance_non_negative" CHECK ("accounts"."user_id" is null or "accounts"."balance" >= 0),
	CONSTRAINT "accounts_kind_matches_owner" CHECK (("accounts"."user_id" is null) = ("accounts"."kind" in ('house', 'fees', 'external', 'interest', 'adjustments'))),
	CONSTRAINT "accounts_system_balance_unused" CHECK ("accounts"."user_id" is not null or "accounts"."balance" = 0)
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"decimals" integer NOT NULL,
	CONSTRAINT "assets_decimals_range" CHECK ("assets"."decimals" between 0 and 8)
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_amount_non_zero" CHECK ("entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"memo" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_asset_kind_key" ON "accounts" USING btree ("user_id","asset","kind") WHERE "accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_asset_kind_key" ON "accounts" USING btree ("asset","kind") WHERE "accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "entries_account_id_idx" ON "entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "entries_journal_id_idx" ON "entries" USING btree ("journal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_key" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "journals_kind_created_idx" ON "journals" USING btree ("kind","created_at");--> statement-breakpoint
INSERT INTO "assets" ("code", "name", "decimals") VALUES
  ('USDT', 'Tether USD', 6),
  ('XAUT', 'Tether Gold', 6),
  ('USDC', 'USD Coin', 6),
  ('BTC', 'Bitcoin', 8),
  ('ETH', 'Ether', 8)
ON CONFLICT ("code") DO NOTHING;
