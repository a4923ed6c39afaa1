-- Decision 031: every committed change to what an authenticated request reads (the session, its account, the
-- account's patient, the patient's plans and caregiver) notifies channel portal_account_changed with the account's
-- id, whoever wrote it: a server instance, a job, an operator in psql. Each instance listens and drops what it
-- cached for that account. NOTIFY is sent at commit (never for a rolled-back change), in commit order.
-- A session's last-used time alone (marked at most once a minute) does not notify: no instance serves a session
-- from its cache once that time is more than a minute old.
CREATE FUNCTION portal_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  account uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'last_used_at') = (to_jsonb(OLD) - 'last_used_at') THEN
    RETURN NULL;
  END IF;
  FOREACH changed IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY[to_jsonb(NEW)] WHEN 'DELETE' THEN ARRAY[to_jsonb(OLD)] ELSE ARRAY[to_jsonb(OLD), to_jsonb(NEW)] END LOOP
    IF TG_ARGV[0] = 'patient_id' THEN
      SELECT p.user_id INTO account FROM patient p WHERE p.id = (changed ->> 'patient_id')::bigint;
    ELSE
      account := (changed ->> TG_ARGV[0])::uuid;
    END IF;
    IF account IS NOT NULL THEN
      PERFORM pg_notify('portal_account_changed', account::text);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_account_changed AFTER INSERT OR UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION portal_account_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER user_account_account_changed AFTER INSERT OR UPDATE OR DELETE ON "user_account" FOR EACH ROW EXECUTE FUNCTION portal_account_changed('id');
--> statement-breakpoint
CREATE TRIGGER patient_account_changed AFTER INSERT OR UPDATE OR DELETE ON "patient" FOR EACH ROW EXECUTE FUNCTION portal_account_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER plan_patient_account_changed AFTER INSERT OR UPDATE OR DELETE ON "plan_patient" FOR EACH ROW EXECUTE FUNCTION portal_account_changed('patient_id');
--> statement-breakpoint
CREATE TRIGGER caregiver_account_changed AFTER INSERT OR UPDATE OR DELETE ON "caregiver" FOR EACH ROW EXECUTE FUNCTION portal_account_changed('patient_id');
