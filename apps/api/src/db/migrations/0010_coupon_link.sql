CREATE TABLE "coupon_link" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"benefit_id" integer NOT NULL,
	"staff_user_id" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_link" ADD CONSTRAINT "coupon_link_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_link" ADD CONSTRAINT "coupon_link_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_link" ADD CONSTRAINT "coupon_link_benefit_id_benefit_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_link_plan_patient_idx" ON "coupon_link" USING btree ("plan_patient_id","benefit_id");