-- A product's presentation and a plan's name in both languages (decision 054). The seed writes the program files'
-- { es, en } at every start; until then a row keeps its one text in both.
ALTER TABLE "product" ALTER COLUMN "presentation" SET DATA TYPE jsonb USING jsonb_build_object('es', "presentation", 'en', "presentation");--> statement-breakpoint
ALTER TABLE "support_plan" ALTER COLUMN "name" SET DATA TYPE jsonb USING jsonb_build_object('es', "name", 'en', "name");
