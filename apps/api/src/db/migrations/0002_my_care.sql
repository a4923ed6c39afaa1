CREATE TABLE "email_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"nonce_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_change_nonce_hash_unique" UNIQUE("nonce_hash")
);
--> statement-breakpoint
ALTER TABLE "caregiver" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "treatment" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "treatment" ADD COLUMN "change_authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "treatment" ADD COLUMN "deleted_note" text;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "closure_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "erase_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_change" ADD CONSTRAINT "email_change_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_user_idx" ON "email_change" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consent_record_patient_idx" ON "consent_record" USING btree ("patient_id","accepted_at");--> statement-breakpoint
CREATE INDEX "treatment_plan_patient_idx" ON "treatment" USING btree ("plan_patient_id");