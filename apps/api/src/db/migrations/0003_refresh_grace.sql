ALTER TABLE "session" ADD COLUMN "previous_token_hash" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "rotated_at" timestamp with time zone;