-- Actions on an opened record (decision 078): the interaction notes of agents and nurses (a nurse's clinical ones read
-- by nurses only; the application only inserts and selects), and the staff member's number, the `iumb` of the coupon
-- links they issue (existing members are numbered in the order the database reads them).
CREATE TABLE "staff_note" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" bigint NOT NULL,
	"staff_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"text" text NOT NULL,
	"clinical" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_member" ADD COLUMN "number" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_note" ADD CONSTRAINT "staff_note_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_note" ADD CONSTRAINT "staff_note_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_note" ADD CONSTRAINT "staff_note_staff_id_staff_member_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_note_patient_idx" ON "staff_note" USING btree ("patient_id","created_at");--> statement-breakpoint
ALTER TABLE "staff_member" ADD CONSTRAINT "staff_member_number_unique" UNIQUE("number");