-- The audit log is append-only: UPDATE, DELETE and TRUNCATE are refused, whoever asks. One update
-- is let through: giving a row written without a place in the chain (by a version before the chain,
-- or the previous version during a rolling upgrade) its seq, prev_hash and hash, with nothing else
-- changed. Whoever drops these triggers to rewrite a row is caught by the chain (npm run audit:verify).
CREATE FUNCTION "audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.seq IS NULL AND to_jsonb(NEW) - 'seq' - 'prev_hash' - 'hash' = to_jsonb(OLD) - 'seq' - 'prev_hash' - 'hash' THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP
    USING HINT = 'Audit rows are never changed or removed; record a new action instead.';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE OR DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "audit_logs_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_append_only"();
