CREATE TABLE "benefit" (
	"id" integer PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"kind" text NOT NULL,
	"countries" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"discount_percent" smallint,
	"booking" jsonb,
	"position" smallint NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "benefit_product" (
	"benefit_id" integer NOT NULL,
	"product_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"plan_patient_id" bigint NOT NULL,
	"product_id" integer,
	"benefit_id" integer,
	"code" text NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "discount_code_one_target" CHECK (num_nonnulls("discount_code"."product_id", "discount_code"."benefit_id") = 1),
	CONSTRAINT "discount_code_canonical" CHECK ("discount_code"."code" ~ '^[0-9A-HJKMNP-TV-Z]{11}$')
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "search_query" text;--> statement-breakpoint
ALTER TABLE "benefit" ADD CONSTRAINT "benefit_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_product" ADD CONSTRAINT "benefit_product_benefit_id_benefit_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_product" ADD CONSTRAINT "benefit_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code" ADD CONSTRAINT "discount_code_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code" ADD CONSTRAINT "discount_code_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code" ADD CONSTRAINT "discount_code_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_code" ADD CONSTRAINT "discount_code_benefit_id_benefit_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "benefit_program_idx" ON "benefit" USING btree ("program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "benefit_product_pk" ON "benefit_product" USING btree ("benefit_id","product_id");--> statement-breakpoint
CREATE INDEX "benefit_product_product_idx" ON "benefit_product" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_program_code_uq" ON "discount_code" USING btree ("program_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_live_product_uq" ON "discount_code" USING btree ("plan_patient_id","product_id") WHERE "discount_code"."revoked_at" is null and "discount_code"."product_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_live_benefit_uq" ON "discount_code" USING btree ("plan_patient_id","benefit_id") WHERE "discount_code"."revoked_at" is null and "discount_code"."benefit_id" is not null;--> statement-breakpoint
CREATE INDEX "discount_code_plan_patient_idx" ON "discount_code" USING btree ("plan_patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_program_search_query_uq" ON "product" USING btree ("program_id","search_query");