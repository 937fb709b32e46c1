ALTER TABLE "proposals" ADD CONSTRAINT "proposals_checker_not_maker" CHECK ("proposals"."status" not in ('approved', 'failed') or "proposals"."decided_by" <> "proposals"."proposed_by");--> statement-breakpoint
-- A decided proposal is final: once approved, rejected, failed or expired, no UPDATE changes it (an
-- approval can never be turned into a rejection afterwards, nor an expired one revived), whatever
-- the app does. Pending rows change only by being decided or by lapsing.
CREATE FUNCTION "proposals_decided_final"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'proposal % was already %: a decided proposal never changes', OLD.id, OLD.status
      USING ERRCODE = 'check_violation', HINT = 'Propose it again instead.';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "proposals_decided_final" BEFORE UPDATE ON "proposals"
  FOR EACH ROW EXECUTE FUNCTION "proposals_decided_final"();
