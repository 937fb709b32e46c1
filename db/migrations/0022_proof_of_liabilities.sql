CREATE TABLE "proof_leaves" (
	"snapshot_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"nonce" "bytea" NOT NULL,
	"balances" "bytea" NOT NULL,
	CONSTRAINT "proof_leaves_snapshot_id_position_pk" PRIMARY KEY("snapshot_id","position")
);
--> statement-breakpoint
CREATE TABLE "proof_nodes" (
	"snapshot_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"position" integer NOT NULL,
	"hash" "bytea" NOT NULL,
	"sums" "bytea" NOT NULL,
	CONSTRAINT "proof_nodes_snapshot_id_level_position_pk" PRIMARY KEY("snapshot_id","level","position")
);
--> statement-breakpoint
CREATE TABLE "proof_reserves" (
	"id" uuid PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"custody_address" text NOT NULL,
	"amount" bigint NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"attestation_url" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_reserves_amount" CHECK ("proof_reserves"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proof_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"trigger" text NOT NULL,
	"taken_by" uuid,
	"taken_at" timestamp with time zone NOT NULL,
	"account_count" integer NOT NULL,
	"assets" jsonb NOT NULL,
	"root_hash" text NOT NULL,
	"root_sums" jsonb NOT NULL,
	"ledger_sums" jsonb NOT NULL,
	"audit_head" text,
	CONSTRAINT "proof_snapshots_trigger" CHECK ("proof_snapshots"."trigger" in ('daily', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "proof_reserves" ADD CONSTRAINT "proof_reserves_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_reserves" ADD CONSTRAINT "proof_reserves_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_snapshots" ADD CONSTRAINT "proof_snapshots_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proof_leaves_user_key" ON "proof_leaves" USING btree ("snapshot_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proof_snapshots_daily_key" ON "proof_snapshots" USING btree ("day") WHERE "proof_snapshots"."trigger" = 'daily';