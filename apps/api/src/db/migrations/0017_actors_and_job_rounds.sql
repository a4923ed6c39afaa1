-- The job runner's rounds (decision 064): one row per interval job, claimed by the instance that runs the round.
CREATE TABLE "job_round" (
	"name" text PRIMARY KEY NOT NULL,
	"round_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Who acted, on every audit event (decision 064): the actor's kind and id. Earlier events are given theirs from what
-- they recorded: a pharmacy's counter events name the pharmacy, an account's events the account, an unknown
-- e-mail's recovery a visitor, and the rest (operators' commands, the purge) the system.
ALTER TABLE "audit_event" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "actor_id" text;--> statement-breakpoint
UPDATE "audit_event" SET
  "actor_kind" = CASE
    WHEN "action" IN ('pharmacy-verification', 'purchase-recorded', 'free-unit-redeemed', 'purchase-reversed', 'redemption-reversed') THEN 'pharmacy'
    WHEN "action" = 'account-erased' THEN 'system'
    WHEN "action" = 'password-reset-unknown-email' THEN 'visitor'
    WHEN "action" = 'enrolment-disowned' THEN 'visitor'
    WHEN "actor_user_id" IS NOT NULL THEN 'patient'
    ELSE 'system'
  END,
  "actor_id" = CASE
    WHEN "action" IN ('pharmacy-verification', 'purchase-recorded', 'free-unit-redeemed', 'purchase-reversed', 'redemption-reversed') THEN "detail" ->> 'pharmacyId'
    WHEN "action" = 'account-erased' THEN 'accounts:purge'
    WHEN "action" IN ('password-reset-unknown-email', 'enrolment-disowned') THEN NULL
    WHEN "actor_user_id" IS NOT NULL THEN "actor_user_id"::text
    ELSE 'operator'
  END,
  "subject" = CASE
    WHEN "action" = 'account-erased' AND "subject" IS NULL AND "actor_user_id" IS NOT NULL THEN 'user:' || "actor_user_id"::text
    ELSE "subject"
  END,
  "actor_user_id" = CASE WHEN "action" IN ('account-erased', 'enrolment-disowned') THEN NULL ELSE "actor_user_id" END;--> statement-breakpoint
ALTER TABLE "audit_event" ALTER COLUMN "actor_kind" SET NOT NULL;
