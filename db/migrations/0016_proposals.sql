CREATE TYPE "public"."proposal_status" AS ENUM('pending', 'approved', 'rejected', 'failed', 'expired');--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" "proposal_status" DEFAULT 'pending' NOT NULL,
	"payload" jsonb NOT NULL,
	"change" jsonb NOT NULL,
	"reason" text,
	"user_id" uuid,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"outcome" text,
	"result" jsonb,
	CONSTRAINT "proposals_decided_consistent" CHECK (("proposals"."status" in ('pending', 'expired')) = ("proposals"."decided_by" is null))
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_status_proposed_idx" ON "proposals" USING btree ("status","proposed_at");