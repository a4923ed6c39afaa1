CREATE TABLE "booking" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"benefit_id" integer NOT NULL,
	"place_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"seat" smallint NOT NULL,
	"capacity" smallint NOT NULL,
	"status" text NOT NULL,
	"held_until" timestamp with time zone,
	"replaces_id" bigint,
	"calendar_uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"reminder_queued_at" timestamp with time zone,
	CONSTRAINT "booking_status" CHECK ("booking"."status" in ('held', 'confirmed', 'moved', 'cancelled', 'released')),
	CONSTRAINT "booking_seat_within_capacity" CHECK ("booking"."seat" between 1 and "booking"."capacity"),
	CONSTRAINT "booking_held_until" CHECK (("booking"."status" = 'held') = ("booking"."held_until" is not null)),
	CONSTRAINT "booking_ends_after_start" CHECK ("booking"."ends_at" > "booking"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_benefit_id_benefit_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_slot_seat_uq" ON "booking" USING btree ("benefit_id","place_id","starts_at","seat") WHERE "booking"."status" in ('held', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "booking_confirmed_service_uq" ON "booking" USING btree ("plan_patient_id","benefit_id") WHERE "booking"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "booking_plan_patient_idx" ON "booking" USING btree ("plan_patient_id");--> statement-breakpoint
CREATE INDEX "booking_reminder_idx" ON "booking" USING btree ("starts_at") WHERE "booking"."status" = 'confirmed' and "booking"."reminder_queued_at" is null;