CREATE TABLE "pharmacy" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"name" text NOT NULL,
	"chain" text,
	"branch" text,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_api_key" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pharmacy_id" bigint NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "pharmacy_api_key_prefix_unique" UNIQUE("prefix")
);
--> statement-breakpoint
CREATE TABLE "purchase" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"pharmacy_id" bigint NOT NULL,
	"api_key_id" bigint,
	"plan_patient_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"receipt_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversal_reason" text,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"discount_percent" smallint NOT NULL,
	"discount_amount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchase_quantity_positive" CHECK ("purchase"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "redemption" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"pharmacy_id" bigint NOT NULL,
	"api_key_id" bigint,
	"plan_patient_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"receipt_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversal_reason" text,
	"redeemed_at" timestamp with time zone NOT NULL,
	"redeemed_on" date NOT NULL,
	"uses" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benefit" ADD COLUMN "exchange" jsonb;--> statement-breakpoint
ALTER TABLE "pharmacy" ADD CONSTRAINT "pharmacy_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_api_key" ADD CONSTRAINT "pharmacy_api_key_pharmacy_id_pharmacy_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_pharmacy_id_pharmacy_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_api_key_id_pharmacy_api_key_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."pharmacy_api_key"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption" ADD CONSTRAINT "redemption_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption" ADD CONSTRAINT "redemption_pharmacy_id_pharmacy_id_fk" FOREIGN KEY ("pharmacy_id") REFERENCES "public"."pharmacy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption" ADD CONSTRAINT "redemption_api_key_id_pharmacy_api_key_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."pharmacy_api_key"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption" ADD CONSTRAINT "redemption_plan_patient_id_plan_patient_id_fk" FOREIGN KEY ("plan_patient_id") REFERENCES "public"."plan_patient"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption" ADD CONSTRAINT "redemption_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacy_program_name_uq" ON "pharmacy" USING btree ("program_id","country","name");--> statement-breakpoint
CREATE INDEX "pharmacy_api_key_pharmacy_idx" ON "pharmacy_api_key" USING btree ("pharmacy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_pharmacy_receipt_uq" ON "purchase" USING btree ("pharmacy_id","receipt_id","product_id");--> statement-breakpoint
CREATE INDEX "purchase_plan_product_idx" ON "purchase" USING btree ("plan_patient_id","product_id","purchased_at");--> statement-breakpoint
CREATE UNIQUE INDEX "redemption_pharmacy_receipt_uq" ON "redemption" USING btree ("pharmacy_id","receipt_id","product_id");--> statement-breakpoint
CREATE INDEX "redemption_plan_product_idx" ON "redemption" USING btree ("plan_patient_id","product_id","redeemed_at");