CREATE TABLE "audit_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"subject" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benefit" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"product_id" integer,
	"kind" text NOT NULL,
	"search_query" text NOT NULL,
	"title_key" text NOT NULL,
	"discount_percent" numeric(5, 2),
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slot_id" bigint NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_slot" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"benefit_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caregiver" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" bigint NOT NULL,
	"program_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"relation" text NOT NULL,
	"type_identification" text NOT NULL,
	"legal_identification" text NOT NULL,
	"phone_country" text,
	"phone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregiver_patient_id_unique" UNIQUE("patient_id")
);
--> statement-breakpoint
CREATE TABLE "client_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"message" text NOT NULL,
	"context" jsonb,
	"path" text,
	"app_version" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "condition" (
	"id" serial PRIMARY KEY NOT NULL,
	"search_query" text NOT NULL,
	CONSTRAINT "condition_search_query_unique" UNIQUE("search_query")
);
--> statement-breakpoint
CREATE TABLE "consent_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" bigint NOT NULL,
	"terms_version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"support_plan_id" integer NOT NULL,
	"benefit_id" integer,
	"modified_by_user_id" uuid,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "discount_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"benefit_id" integer NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "feature_toggle" (
	"program_id" integer NOT NULL,
	"key" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"program_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_pool" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_pool_program_id_unique" UNIQUE("program_id"),
	CONSTRAINT "identity_pool_issuer_unique" UNIQUE("issuer")
);
--> statement-breakpoint
CREATE TABLE "lesson" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"condition_id" integer NOT NULL,
	"search_query" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"patient_id" bigint NOT NULL,
	"lesson_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" integer NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"payload" jsonb NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "password_reset" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"nonce_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_nonce_hash_unique" UNIQUE("nonce_hash")
);
--> statement-breakpoint
CREATE TABLE "patient" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"program_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"second_last_name" text,
	"email_alternative" text,
	"birth_date" date NOT NULL,
	"gender" text NOT NULL,
	"country" text NOT NULL,
	"type_identification" text NOT NULL,
	"legal_identification" text NOT NULL,
	"phone_country" text,
	"phone_number" text,
	"phone_alternative" text,
	"address" jsonb,
	"weight" numeric(6, 2),
	"weight_unit" text,
	"language" text DEFAULT 'es' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"latest_terms_accepted" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "plan_patient" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" bigint NOT NULL,
	"support_plan_id" integer NOT NULL,
	"start_period" date NOT NULL,
	"end_period" date NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" integer PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"medicine" text NOT NULL,
	"presentation" text NOT NULL,
	"unit" text NOT NULL,
	"min_age_years" smallint NOT NULL,
	"max_age_years" smallint NOT NULL,
	"max_unit_amount" numeric(10, 2) NOT NULL,
	"countries" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"condition" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"support_email" text NOT NULL,
	"default_country" text NOT NULL,
	"countries" jsonb NOT NULL,
	"update_strategy" text NOT NULL,
	"latest_terms_version" text NOT NULL,
	"branding" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "purchase" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemption" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"benefit_id" integer,
	"quantity" integer NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"current_token_hash" text NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "signing_key" (
	"kid" text PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"algorithm" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_enc" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_plan" (
	"id" integer PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"identification_types" jsonb NOT NULL,
	"field_settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"unit_amount" numeric(10, 2) NOT NULL,
	"frequency_amount" integer NOT NULL,
	"frequency_interval" text NOT NULL,
	"duration_amount" integer NOT NULL,
	"duration_interval" text NOT NULL,
	"rest_amount" integer,
	"rest_interval" text,
	"start_date" date,
	"doctor_first_name" text,
	"doctor_last_name" text,
	"health_center_name" text,
	"health_center_type" text,
	"weight" numeric(6, 2),
	"weight_unit" text,
	"custom_therapy_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_reason" text
);
--> statement-breakpoint
CREATE TABLE "user_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit" ADD CONSTRAINT "benefit_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit" ADD CONSTRAINT "benefit_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_slot_id_booking_slot_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."booking_slot"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slot" ADD CONSTRAINT "booking_slot_benefit_id_benefit_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver" ADD CONSTRAINT "caregiver_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver" ADD CONSTRAINT "caregiver_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_log" ADD CONSTRAINT "client_log_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_record" ADD CONSTRAINT "consent_record_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_support_plan_id_support_plan_id_fk" FOREIGN KEY ("support_plan_id") REFERENCES "public"."support_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_benefit_id_benefit_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code" ADD CONSTRAINT "discount_code_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code" ADD CONSTRAINT "discount_code_benefit_id_benefit_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_toggle" ADD CONSTRAINT "feature_toggle_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_pool" ADD CONSTRAINT "identity_pool_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson" ADD CONSTRAINT "lesson_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson" ADD CONSTRAINT "lesson_condition_id_condition_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."condition"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lesson"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient" ADD CONSTRAINT "patient_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient" ADD CONSTRAINT "patient_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_patient" ADD CONSTRAINT "plan_patient_patient_id_patient_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_patient" ADD CONSTRAINT "plan_patient_support_plan_id_support_plan_id_fk" FOREIGN KEY ("support_plan_id") REFERENCES "public"."support_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption" ADD CONSTRAINT "redemption_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption" ADD CONSTRAINT "redemption_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption" ADD CONSTRAINT "redemption_benefit_id_benefit_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_key" ADD CONSTRAINT "signing_key_pool_id_identity_pool_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."identity_pool"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_plan" ADD CONSTRAINT "support_plan_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment" ADD CONSTRAINT "treatment_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment" ADD CONSTRAINT "treatment_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_pool_id_identity_pool_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."identity_pool"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_event_program_idx" ON "audit_event" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_slot_patient_uq" ON "booking" USING btree ("slot_id","plan_patient_id");--> statement-breakpoint
CREATE INDEX "booking_slot_benefit_idx" ON "booking_slot" USING btree ("benefit_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "caregiver_identification_uq" ON "caregiver" USING btree ("program_id","type_identification","legal_identification");--> statement-breakpoint
CREATE INDEX "client_log_program_idx" ON "client_log" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feature_toggle_pk" ON "feature_toggle" USING btree ("program_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_key_pk" ON "idempotency_key" USING btree ("program_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_uq" ON "lesson" USING btree ("program_id","condition_id","search_query","language");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_progress_pk" ON "lesson_progress" USING btree ("patient_id","lesson_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "password_reset_user_idx" ON "password_reset" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_program_identification_uq" ON "patient" USING btree ("program_id","country","type_identification","legal_identification");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_patient_uq" ON "plan_patient" USING btree ("patient_id","support_plan_id");--> statement-breakpoint
CREATE INDEX "purchase_plan_patient_idx" ON "purchase" USING btree ("plan_patient_id","purchased_at");--> statement-breakpoint
CREATE INDEX "redemption_plan_patient_idx" ON "redemption" USING btree ("plan_patient_id","redeemed_at");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_token_uq" ON "session" USING btree ("current_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "support_plan_program_country_uq" ON "support_plan" USING btree ("program_id","country");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_live_product_uq" ON "treatment" USING btree ("plan_patient_id","product_id") WHERE "treatment"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_account_pool_email_uq" ON "user_account" USING btree ("pool_id","email");