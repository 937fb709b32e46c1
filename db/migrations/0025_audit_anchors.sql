-- The audit chain is made in the database: whatever an INSERT into audit_logs supplies, a trigger
-- gives the row its seq, prev_hash, created_at and hash under the chain's lock (the app's advisory
-- key 7272013, taken until the transaction ends), with the row's encoding computed here exactly as
-- lib/audit/encoding.ts computes it (README, "The chain's format, byte for byte"). Times never go
-- backwards along the chain: a row is dated greatest(now, the head's time). A row can no longer be
-- given a place later: the append-only trigger now refuses every UPDATE. And proof snapshots (with
-- their leaves and nodes) and account events are append-only too, and decided proposals (final
-- since 0024) are never removed. What a superuser can still do, and what catches it: README,
-- "Audit log".

-- Which proof format a snapshot follows: the ones before this (1) put user ids in their leaves and
-- did not commit to the audit head; 2 from now on. (A default: the running version's inserts work.)
ALTER TABLE "proof_snapshots" ADD COLUMN "format" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Digits (no trailing zero) of a value 0.digits × 10^e, laid out as ECMAScript does.
CREATE FUNCTION "audit_jcs_layout"(digits text, e int) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE
    WHEN length(digits) <= e AND e <= 21 THEN digits || repeat('0', e - length(digits))
    WHEN 0 < e AND e <= 21 THEN substr(digits, 1, e) || '.' || substr(digits, e + 1)
    WHEN -6 < e AND e <= 0 THEN '0.' || repeat('0', -e) || digits
    ELSE substr(digits, 1, 1) || CASE WHEN length(digits) > 1 THEN '.' || substr(digits, 2) ELSE '' END
         || 'e' || CASE WHEN e - 1 >= 0 THEN '+' ELSE '-' END || abs(e - 1)::text
  END
$$;
--> statement-breakpoint
-- Whether the decimal `t` reads back as the double `d` (a decimal past the double's range does not).
CREATE FUNCTION "audit_jcs_reads_as"(t text, d float8) RETURNS boolean LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  RETURN t::float8 = d;
EXCEPTION WHEN numeric_value_out_of_range THEN
  RETURN false;
END
$$;
--> statement-breakpoint
-- A jsonb number as ECMAScript writes the IEEE double nearest it (RFC 8785 §3.2.2.3; ECMA-262
-- Number::toString): the fewest significant digits that read back as that double, the closest to
-- it when two do. float8's own text is not always that (it can give 17 digits where 16 read back),
-- so the digits are found here from the double's exact value, M × 2^E.
CREATE FUNCTION "audit_jcs_number"(n numeric) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  d float8 := abs(n::float8);
  m float8 := d;
  e2 int := 0;
  x numeric;        -- the double's exact value is x × 10^-s, x an integer
  s int := 0;
  len int;
  digits text;
  p numeric;
  lo numeric;
  best text;
  e int;            -- the value is 0.digits × 10^e
  k int;
  sign text := CASE WHEN n < 0 AND n::float8 <> 0 THEN '-' ELSE '' END;
BEGIN
  IF d = 0 THEN RETURN '0'; END IF;
  -- Doubling and halving are exact: scale to an integer below 2^53, which int8 holds exactly.
  WHILE m <> trunc(m) LOOP m := m * 2; e2 := e2 - 1; END LOOP;
  WHILE m >= 9007199254740992 LOOP m := m / 2; e2 := e2 + 1; END LOOP;
  IF e2 >= 0 THEN x := m::int8::numeric * trunc(2::numeric ^ e2);
  ELSE x := m::int8::numeric * trunc(5::numeric ^ (-e2)); s := -e2;
  END IF;
  len := length(x::text);
  FOR l IN 1..len LOOP
    p := trunc(10::numeric ^ (len - l));
    lo := div(x, p);
    best := NULL;
    IF "audit_jcs_reads_as"(lo::text || 'e' || (len - l - s), d) THEN best := lo::text; END IF;
    -- Rounding up wins when it reads back and is closer (on a tie ECMAScript takes the even one).
    IF "audit_jcs_reads_as"((lo + 1)::text || 'e' || (len - l - s), d)
       AND (best IS NULL OR (lo + 1) * p - x < x - lo * p OR ((lo + 1) * p - x = x - lo * p AND mod(lo + 1, 2) = 0)) THEN
      best := (lo + 1)::text;
      IF length(best) > l THEN RETURN sign || "audit_jcs_layout"(rtrim(best, '0'), len - s + 1); END IF;
    END IF;
    IF best IS NOT NULL THEN
      RETURN sign || "audit_jcs_layout"(rtrim(best, '0'), len - s);
    END IF;
  END LOOP;
  RETURN sign || "audit_jcs_layout"(rtrim(x::text, '0'), len - s);
END
$$;
--> statement-breakpoint
-- A key's UTF-16 code units as hex, 4 digits each: sorted bytewise, it is RFC 8785's key order
-- (a character past U+FFFF sorts by its surrogates, before U+E000 … U+FFFF).
CREATE FUNCTION "audit_jcs_key_order"(s text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT coalesce(string_agg(CASE WHEN cp < 65536 THEN lpad(to_hex(cp), 4, '0')
                                  ELSE to_hex(55296 + ((cp - 65536) >> 10)) || to_hex(56320 + ((cp - 65536) & 1023)) END,
                             '' ORDER BY i), '')
  FROM (SELECT ascii(c) AS cp, i FROM regexp_split_to_table(s, '') WITH ORDINALITY AS t(c, i)) AS chars
$$;
--> statement-breakpoint
-- RFC 8785 canonical JSON of a jsonb value: keys in UTF-16 order, no whitespace, strings escaped
-- as JSON.stringify escapes them (", \, and control characters; to_json does the same).
CREATE FUNCTION "audit_jcs"(v jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  CASE jsonb_typeof(v)
    WHEN 'object' THEN
      RETURN '{' || coalesce((SELECT string_agg(to_json(key)::text || ':' || "audit_jcs"(value), ',' ORDER BY "audit_jcs_key_order"(key) COLLATE "C")
                              FROM jsonb_each(v)), '') || '}';
    WHEN 'array' THEN
      RETURN '[' || coalesce((SELECT string_agg("audit_jcs"(value), ',' ORDER BY i) FROM jsonb_array_elements(v) WITH ORDINALITY AS t(value, i)), '') || ']';
    WHEN 'string' THEN RETURN to_json(v #>> '{}')::text;
    WHEN 'number' THEN RETURN "audit_jcs_number"((v #>> '{}')::numeric);
    ELSE RETURN v::text;
  END CASE;
END
$$;

--> statement-breakpoint
-- The row's encoding and hash, assigned under the chain's lock. SECURITY DEFINER: whoever may insert
-- an audit row (and nothing else) still gets it chained, at the database's time.
CREATE FUNCTION "audit_logs_chain"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  head record;
BEGIN
  PERFORM pg_advisory_xact_lock(7272013);
  SELECT seq, hash, created_at INTO head FROM audit_logs WHERE seq IS NOT NULL ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(head.seq, 0) + 1;
  NEW.prev_hash := coalesce(head.hash, repeat('0', 64));
  NEW.created_at := greatest(clock_timestamp(), head.created_at);
  NEW.hash := encode(sha256(convert_to(NEW.prev_hash
    || '["aurum.audit.v1",' || NEW.seq::text
    || ',' || to_json(NEW.id::text)::text
    || ',' || to_json(to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text
    || ',' || to_json(NEW.actor_id::text)::text
    || ',' || to_json(NEW.action)::text
    || ',' || to_json(NEW.target_type)::text
    || ',' || coalesce(to_json(NEW.target_id)::text, 'null')
    || ',' || coalesce(to_json(NEW.ip)::text, 'null')
    || ',' || "audit_jcs"(NEW.detail) || ']', 'UTF8')), 'hex');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_logs_chain" BEFORE INSERT ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION "audit_logs_chain"();
--> statement-breakpoint
-- No exception any more: every running version writes seq, and the trigger above gives it.
CREATE OR REPLACE FUNCTION "audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP
    USING HINT = 'Audit rows are never changed or removed; record a new action instead.';
END
$$;
--> statement-breakpoint
-- Tables whose rows, once written, are history: changes and removals are refused, whoever asks.
CREATE FUNCTION "append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING HINT = 'These rows are history: record something new instead.';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "account_events_append_only" BEFORE UPDATE OR DELETE ON "account_events" FOR EACH ROW EXECUTE FUNCTION "append_only"();
--> statement-breakpoint
CREATE TRIGGER "account_events_no_truncate" BEFORE TRUNCATE ON "account_events" FOR EACH STATEMENT EXECUTE FUNCTION "append_only"();
--> statement-breakpoint
-- A snapshot row is claimed (empty root) and completed once, in the transaction that takes it; a
-- completed one never changes.
CREATE FUNCTION "proof_snapshots_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.root_hash = '' AND NEW.root_hash <> ''
     AND (NEW.id, NEW.day, NEW.trigger, NEW.taken_by, NEW.taken_at) IS NOT DISTINCT FROM (OLD.id, OLD.day, OLD.trigger, OLD.taken_by, OLD.taken_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'proof_snapshots is append-only: % refused', TG_OP
    USING HINT = 'A published snapshot never changes; take a new one.';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "proof_snapshots_append_only" BEFORE UPDATE OR DELETE ON "proof_snapshots" FOR EACH ROW EXECUTE FUNCTION "proof_snapshots_append_only"();
--> statement-breakpoint
CREATE TRIGGER "proof_snapshots_no_truncate" BEFORE TRUNCATE ON "proof_snapshots" FOR EACH STATEMENT EXECUTE FUNCTION "append_only"();
--> statement-breakpoint
-- Leaves and nodes never change; they may be removed (pruned) once their snapshot is 30 days old,
-- the least PROOF_LEAVES_KEEP_DAYS allows.
CREATE FUNCTION "proof_tree_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM proof_snapshots s WHERE s.id = OLD.snapshot_id AND s.taken_at < now() - interval '30 days') THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING HINT = 'Leaves and nodes are removed only when their snapshot is 30 days old or more.';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "proof_leaves_append_only" BEFORE UPDATE OR DELETE ON "proof_leaves" FOR EACH ROW EXECUTE FUNCTION "proof_tree_append_only"();
--> statement-breakpoint
CREATE TRIGGER "proof_leaves_no_truncate" BEFORE TRUNCATE ON "proof_leaves" FOR EACH STATEMENT EXECUTE FUNCTION "append_only"();
--> statement-breakpoint
CREATE TRIGGER "proof_nodes_append_only" BEFORE UPDATE OR DELETE ON "proof_nodes" FOR EACH ROW EXECUTE FUNCTION "proof_tree_append_only"();
--> statement-breakpoint
CREATE TRIGGER "proof_nodes_no_truncate" BEFORE TRUNCATE ON "proof_nodes" FOR EACH STATEMENT EXECUTE FUNCTION "append_only"();
--> statement-breakpoint
-- A decided proposal is final (0024 refuses any UPDATE of one); it is not removed either.
CREATE FUNCTION "proposals_decided_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.status = 'pending' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'proposals is append-only once decided: % refused', TG_OP
    USING HINT = 'A decided proposal stays, as it was decided.';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "proposals_decided_kept" BEFORE DELETE ON "proposals" FOR EACH ROW EXECUTE FUNCTION "proposals_decided_kept"();
--> statement-breakpoint
CREATE TRIGGER "proposals_no_truncate" BEFORE TRUNCATE ON "proposals" FOR EACH STATEMENT EXECUTE FUNCTION "append_only"();
