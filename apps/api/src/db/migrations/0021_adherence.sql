-- Adherence (decisions 079, 080): a treatment's dose history written by a trigger on every writer of `treatment`, the
-- summaries the refresh job keeps (PDC, until when the supply lasts, persistence), the outreach list and its outcomes.
CREATE TABLE "adherence_refresh" (
	"program_id" integer PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"full_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adherence_summary" (
	"plan_patient_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" bigint NOT NULL,
	"country" text NOT NULL,
	"live_treatment" boolean NOT NULL,
	"pdc" numeric(5, 4),
	"days_covered" integer NOT NULL,
	"days_in_period" integer NOT NULL,
	"covered_until" date,
	"first_supply_on" date,
	"last_supply_on" date,
	"persistent" boolean,
	"persistence_ended_on" date,
	"supplies_counted" integer NOT NULL,
	"computed_on" date NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "adherence_summary_plan_patient_id_product_id_pk" PRIMARY KEY("plan_patient_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "outreach_entry" (
	"patient_id" bigint PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"country" text NOT NULL,
	"since" date NOT NULL,
	"pdc" numeric(5, 4),
	"reasons" jsonb NOT NULL,
	"hidden_until" date,
	"claimed_by" uuid,
	"claimed_until" timestamp with time zone,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outreach_outcome" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" bigint NOT NULL,
	"staff_id" uuid NOT NULL,
	"country" text NOT NULL,
	"episode" text NOT NULL,
	"outcome" text NOT NULL,
	"stop_reason" text,
	"retry_on" date,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_version" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"treatment_id" bigint NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"change" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"unit_amount" numeric(10, 2) NOT NULL,
	"frequency_amount" integer NOT NULL,
	"frequency_interval" text NOT NULL,
	"duration_amount" integer NOT NULL,
	"duration_interval" text NOT NULL,
	"rest_amount" integer,
	"rest_interval" text,
	"start_date" date
);
--> statement-breakpoint
ALTER TABLE "patient" ADD COLUMN "synthetic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "adherence_refresh" ADD CONSTRAINT "adherence_refresh_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adherence_summary" ADD CONSTRAINT "adherence_summary_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adherence_summary" ADD CONSTRAINT "adherence_summary_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adherence_summary" ADD CONSTRAINT "adherence_summary_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adherence_summary" ADD CONSTRAINT "adherence_summary_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_entry" ADD CONSTRAINT "outreach_entry_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_entry" ADD CONSTRAINT "outreach_entry_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_entry" ADD CONSTRAINT "outreach_entry_claimed_by_staff_member_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_outcome" ADD CONSTRAINT "outreach_outcome_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_outcome" ADD CONSTRAINT "outreach_outcome_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_outcome" ADD CONSTRAINT "outreach_outcome_staff_id_staff_member_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_version" ADD CONSTRAINT "treatment_version_treatment_id_treatment_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_version" ADD CONSTRAINT "treatment_version_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_version" ADD CONSTRAINT "treatment_version_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adherence_summary_program_covered_idx" ON "adherence_summary" USING btree ("program_id","covered_until");--> statement-breakpoint
CREATE INDEX "adherence_summary_patient_idx" ON "adherence_summary" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "outreach_entry_program_since_idx" ON "outreach_entry" USING btree ("program_id","since","pdc" NULLS FIRST,"patient_id");--> statement-breakpoint
CREATE INDEX "outreach_outcome_patient_idx" ON "outreach_outcome" USING btree ("patient_id","episode","id");--> statement-breakpoint
CREATE INDEX "outreach_outcome_program_idx" ON "outreach_outcome" USING btree ("program_id","at");--> statement-breakpoint
CREATE INDEX "treatment_version_plan_product_idx" ON "treatment_version" USING btree ("plan_patient_id","product_id","at");--> statement-breakpoint
CREATE INDEX "treatment_version_treatment_idx" ON "treatment_version" USING btree ("treatment_id","id");--> statement-breakpoint
CREATE FUNCTION portal_treatment_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  happened text;
  happened_at timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    happened := 'created';
    happened_at := NEW.created_at;
  ELSIF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    happened := 'deleted';
    happened_at := NEW.deleted_at;
  ELSIF NEW.deleted_at IS NULL AND (
    NEW.unit_amount IS DISTINCT FROM OLD.unit_amount OR
    NEW.frequency_amount IS DISTINCT FROM OLD.frequency_amount OR
    NEW.frequency_interval IS DISTINCT FROM OLD.frequency_interval OR
    NEW.duration_amount IS DISTINCT FROM OLD.duration_amount OR
    NEW.duration_interval IS DISTINCT FROM OLD.duration_interval OR
    NEW.rest_amount IS DISTINCT FROM OLD.rest_amount OR
    NEW.rest_interval IS DISTINCT FROM OLD.rest_interval OR
    NEW.start_date IS DISTINCT FROM OLD.start_date
  ) THEN
    happened := 'modified';
    happened_at := NEW.updated_at;
  ELSE
    RETURN NULL;
  END IF;
  INSERT INTO treatment_version (treatment_id, plan_patient_id, product_id, change, at, unit_amount, frequency_amount,
    frequency_interval, duration_amount, duration_interval, rest_amount, rest_interval, start_date)
  VALUES (NEW.id, NEW.plan_patient_id, NEW.product_id, happened, happened_at, NEW.unit_amount, NEW.frequency_amount,
    NEW.frequency_interval, NEW.duration_amount, NEW.duration_interval, NEW.rest_amount, NEW.rest_interval,
    NEW.start_date);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER treatment_version_written AFTER INSERT OR UPDATE ON "treatment" FOR EACH ROW EXECUTE FUNCTION portal_treatment_version();
--> statement-breakpoint
-- The treatments written before the history: as created with their values of today (the best that is known), and deleted.
INSERT INTO treatment_version (treatment_id, plan_patient_id, product_id, change, at, unit_amount, frequency_amount,
  frequency_interval, duration_amount, duration_interval, rest_amount, rest_interval, start_date)
SELECT id, plan_patient_id, product_id, 'created', created_at, unit_amount, frequency_amount, frequency_interval,
  duration_amount, duration_interval, rest_amount, rest_interval, start_date FROM treatment;
--> statement-breakpoint
INSERT INTO treatment_version (treatment_id, plan_patient_id, product_id, change, at, unit_amount, frequency_amount,
  frequency_interval, duration_amount, duration_interval, rest_amount, rest_interval, start_date)
SELECT id, plan_patient_id, product_id, 'deleted', deleted_at, unit_amount, frequency_amount, frequency_interval,
  duration_amount, duration_interval, rest_amount, rest_interval, start_date FROM treatment WHERE deleted_at IS NOT NULL;
