CREATE TABLE "caregiver_access" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" bigint NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"areas" jsonb NOT NULL,
	"granted_for_minor" boolean NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caregiver_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"access_id" bigint NOT NULL,
	"nonce_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregiver_invitation_nonce_hash_unique" UNIQUE("nonce_hash")
);
--> statement-breakpoint
ALTER TABLE "caregiver_access" ADD CONSTRAINT "caregiver_access_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_access" ADD CONSTRAINT "caregiver_access_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_access" ADD CONSTRAINT "caregiver_access_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_invitation" ADD CONSTRAINT "caregiver_invitation_access_id_caregiver_access_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."caregiver_access"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caregiver_access_live_patient_uq" ON "caregiver_access" USING btree ("patient_id") WHERE "caregiver_access"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "caregiver_access_live_user_uq" ON "caregiver_access" USING btree ("user_id") WHERE "caregiver_access"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "caregiver_invitation_access_idx" ON "caregiver_invitation" USING btree ("access_id");