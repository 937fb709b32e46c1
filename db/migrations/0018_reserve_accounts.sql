ALTER TYPE "public"."account_kind" ADD VALUE 'reserve' BEFORE 'house';--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "strategy_id" uuid;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_asset_kind_strategy_key" UNIQUE NULLS NOT DISTINCT("user_id","asset","kind","strategy_id");--> statement-breakpoint
-- contract: the index below gives way to accounts_user_asset_kind_strategy_key, added just above, which keeps
-- every (user, asset, kind) without a strategy as unique as before: the previous version, which never sets
-- strategy_id, finds and creates its accounts exactly as it did; only a strategy's reserves may share a kind.
DROP INDEX "accounts_user_asset_kind_key";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_reserve_has_strategy" CHECK (("accounts"."strategy_id" is not null) = ("accounts"."kind"::text = 'reserve'));
