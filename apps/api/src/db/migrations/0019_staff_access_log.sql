-- The staff access log (decision 074): every record a staff member opened, and every search, with its reason. It is
-- append-only: the application only inserts and selects, and the trigger below refuses any UPDATE, DELETE or TRUNCATE
-- whoever runs it (a server instance, a job, an operator in psql), so the patient's "who has seen my data" cannot be
-- rewritten. The rows outlive the account's purge: they are the program's audit record (HIPAA 164.312(b)).
CREATE TABLE "staff_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"staff_session_id" uuid NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" bigint,
	"what" text NOT NULL,
	"reason" text,
	"reason_text" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_access_log" ADD CONSTRAINT "staff_access_log_staff_id_staff_member_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_access_log" ADD CONSTRAINT "staff_access_log_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_access_log" ADD CONSTRAINT "staff_access_log_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_access_log_patient_idx" ON "staff_access_log" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "staff_access_log_staff_idx" ON "staff_access_log" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "staff_access_log_session_idx" ON "staff_access_log" USING btree ("staff_session_id","patient_id");
--> statement-breakpoint
CREATE FUNCTION portal_staff_access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_access_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER staff_access_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "staff_access_log" FOR EACH ROW EXECUTE FUNCTION portal_staff_access_log_append_only();
--> statement-breakpoint
CREATE TRIGGER staff_access_log_no_truncate BEFORE TRUNCATE ON "staff_access_log" FOR EACH STATEMENT EXECUTE FUNCTION portal_staff_access_log_append_only();
