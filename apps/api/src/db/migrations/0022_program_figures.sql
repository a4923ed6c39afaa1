-- The program's figures for its managers (decision 081): counts per program, country, metric, bucket and category,
-- rebuilt by the figures job; the API suppresses the small ones.
CREATE TABLE "program_figure" (
	"program_id" integer NOT NULL,
	"country" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "program_figure_program_id_country_metric_bucket_category_pk" PRIMARY KEY("program_id","country","metric","bucket","category")
);
--> statement-breakpoint
ALTER TABLE "program_figure" ADD CONSTRAINT "program_figure_program_id_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."program"("id") ON DELETE no action ON UPDATE no action;