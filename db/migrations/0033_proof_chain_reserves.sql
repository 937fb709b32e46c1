CREATE TABLE "proof_chain_reserves" (
	"snapshot_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"asset" text NOT NULL,
	"token" text,
	"block_number" bigint,
	"block_hash" text,
	"token_decimals" smallint,
	"total" bigint,
	"addresses_read" integer NOT NULL,
	"addresses" jsonb NOT NULL,
	"problem" text,
	CONSTRAINT "proof_chain_reserves_snapshot_id_chain_asset_pk" PRIMARY KEY("snapshot_id","chain","asset"),
	CONSTRAINT "proof_chain_reserves_read_or_not" CHECK (("proof_chain_reserves"."problem" is null) = ("proof_chain_reserves"."block_number" is not null and "proof_chain_reserves"."total" is not null and "proof_chain_reserves"."token_decimals" is not null))
);
--> statement-breakpoint
ALTER TABLE "proof_chain_reserves" ADD CONSTRAINT "proof_chain_reserves_snapshot_id_proof_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_chain_reserves" ADD CONSTRAINT "proof_chain_reserves_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Published with its snapshot: never changed nor removed.
CREATE TRIGGER "proof_chain_reserves_append_only" BEFORE UPDATE OR DELETE ON "proof_chain_reserves" FOR EACH ROW EXECUTE FUNCTION "append_only"();
--> statement-breakpoint
CREATE TRIGGER "proof_chain_reserves_no_truncate" BEFORE TRUNCATE ON "proof_chain_reserves" FOR EACH STATEMENT EXECUTE FUNCTION "append_only"();
