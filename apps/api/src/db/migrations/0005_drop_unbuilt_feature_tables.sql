-- Decision 033: the tables sketched before any design for features not built yet (benefits, booking, purchases,
-- learning) go; each feature creates its own tables with its design recorded in a decision. Dependents first and
-- no CASCADE: a reference this list forgot fails the migration rather than silently losing a constraint.
DROP TABLE "booking";--> statement-breakpoint
DROP TABLE "booking_slot";--> statement-breakpoint
DROP TABLE "discount_code";--> statement-breakpoint
DROP TABLE "coupon";--> statement-breakpoint
DROP TABLE "redemption";--> statement-breakpoint
DROP TABLE "purchase";--> statement-breakpoint
DROP TABLE "lesson_progress";--> statement-breakpoint
DROP TABLE "lesson";--> statement-breakpoint
DROP TABLE "condition";--> statement-breakpoint
DROP TABLE "benefit";
