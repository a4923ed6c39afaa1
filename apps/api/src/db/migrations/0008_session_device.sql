-- Decision 044: the device of a session, as "my sessions" shows it: a browser and a system of short fixed lists, read
-- from the user agent at login and at each refresh. The user agent itself is never stored.
ALTER TABLE "session" ADD COLUMN "device_browser" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "device_system" text;