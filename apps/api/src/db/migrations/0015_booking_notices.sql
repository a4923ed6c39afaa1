ALTER TABLE "patient" ADD COLUMN "notice_channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "patient" ADD COLUMN "booking_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "patient" ADD CONSTRAINT "patient_notice_channel" CHECK ("patient"."notice_channel" in ('email', 'sms', 'whatsapp'));