ALTER TABLE "withdrawals" ADD COLUMN "tx_block" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_block_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "chain_problem" text;--> statement-breakpoint
CREATE INDEX "withdrawals_unconfirmed_idx" ON "withdrawals" USING btree ("network") WHERE "withdrawals"."status" = 'sent' and "withdrawals"."confirmed_at" is null and "withdrawals"."chain_problem" is null;