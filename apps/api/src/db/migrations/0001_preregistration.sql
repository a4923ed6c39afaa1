CREATE TABLE "preregistration" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"support_plan_id" integer NOT NULL,
	"email" text NOT NULL,
	"data" jsonb NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"nonce_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"patient_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preregistration_nonce_hash_unique" UNIQUE("nonce_hash")
);
--> statement-breakpoint
ALTER TABLE "preregistration" ADD CONSTRAINT "preregistration_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preregistration" ADD CONSTRAINT "preregistration_support_plan_id_support_plan_id_fk" FOREIGN KEY ("support_plan_id") REFERENCES "public"."support_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preregistration" ADD CONSTRAINT "preregistration_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preregistration_program_email_idx" ON "preregistration" USING btree ("program_id","email");