CREATE TABLE "enrolment_not_me_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"nonce_hash" text NOT NULL,
	"account_fingerprint" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolment_not_me_link_nonce_hash_unique" UNIQUE("nonce_hash")
);
--> statement-breakpoint
DROP INDEX "patient_program_identification_uq";--> statement-breakpoint
ALTER TABLE "enrolment_not_me_link" ADD CONSTRAINT "enrolment_not_me_link_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolment_not_me_link_user_idx" ON "enrolment_not_me_link" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_program_identification_uq" ON "patient" USING btree ("program_id","country","type_identification","legal_identification") WHERE "patient"."status" <> 'DISOWNED';