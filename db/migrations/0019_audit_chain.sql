ALTER TABLE "audit_logs" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_seq_idx" ON "audit_logs" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_logs_waiting_idx" ON "audit_logs" USING btree ("created_at","id") WHERE "audit_logs"."seq" is null;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_chained_whole" CHECK (("audit_logs"."seq" is null) = ("audit_logs"."prev_hash" is null) and ("audit_logs"."seq" is null) = ("audit_logs"."hash" is null));