CREATE TABLE "refill_reminder" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"purchase_id" bigint,
	"redemption_id" bigint,
	"lasts_until" date NOT NULL,
	"remind_on" date NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refill_reminder_one_supply" CHECK (num_nonnulls("refill_reminder"."purchase_id", "refill_reminder"."redemption_id") = 1),
	CONSTRAINT "refill_reminder_outcome" CHECK ("refill_reminder"."outcome" in ('queued', 'off', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "patient" ADD COLUMN "refill_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "units_per_package" integer;--> statement-breakpoint
ALTER TABLE "refill_reminder" ADD CONSTRAINT "refill_reminder_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_reminder" ADD CONSTRAINT "refill_reminder_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_reminder" ADD CONSTRAINT "refill_reminder_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_reminder" ADD CONSTRAINT "refill_reminder_purchase_id_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_reminder" ADD CONSTRAINT "refill_reminder_redemption_id_redemption_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemption"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refill_reminder_purchase_uq" ON "refill_reminder" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refill_reminder_redemption_uq" ON "refill_reminder" USING btree ("redemption_id");--> statement-breakpoint
CREATE INDEX "refill_reminder_plan_idx" ON "refill_reminder" USING btree ("plan_patient_id");