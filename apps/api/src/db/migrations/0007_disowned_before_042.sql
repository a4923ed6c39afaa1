-- Enrolments disowned before decision 042 get what a disowned enrolment gets now. Their mails move off the address
-- they were sent to (found from the welcome mail, whose "not me" link named the account id), which may hold a real
-- enrolment now: only the mails written from the welcome mail up to the disowning; one still waiting is not sent.
UPDATE "outbox" AS "o"
SET "recipient" = "ua"."email",
    "status" = CASE WHEN "o"."status" = 'PENDING' THEN 'FAILED' ELSE "o"."status" END,
    "last_error" = CASE WHEN "o"."status" = 'PENDING' THEN 'enrolment disowned' ELSE "o"."last_error" END
FROM "user_account" AS "ua"
JOIN "identity_pool" AS "ip" ON "ip"."id" = "ua"."pool_id"
JOIN "outbox" AS "w" ON "w"."program_id" = "ip"."program_id" AND "w"."kind" = 'enrolment'
  AND strpos(
    "w"."payload" ->> 'notMeLink',
    'n=' || rtrim(translate(encode(decode(replace("ua"."id"::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=') || '&'
  ) > 0
WHERE "ua"."email" LIKE 'disowned-%@disowned.invalid'
  AND "ua"."erased_at" IS NULL
  AND "o"."program_id" = "ip"."program_id"
  AND "o"."recipient" = "w"."recipient"
  AND "o"."kind" <> 'preregistration'
  AND "o"."created_at" >= "w"."created_at"
  AND "o"."created_at" <= "ua"."updated_at";
--> statement-breakpoint
-- Their identification no longer counts as registered (the unique index leaves DISOWNED patients out).
UPDATE "patient" SET "status" = 'DISOWNED', "updated_at" = now()
FROM "user_account" AS "ua"
WHERE "ua"."id" = "patient"."user_id"
  AND "ua"."email" LIKE 'disowned-%@disowned.invalid'
  AND "ua"."erased_at" IS NULL
  AND "patient"."status" <> 'ERASED';
--> statement-breakpoint
-- And an erasure date: the closure grace period (30 days), counted from this change, so that the call center has the
-- same time to look into them as into an enrolment disowned from now on.
UPDATE "user_account" SET "erase_after" = now() + interval '30 days'
WHERE "email" LIKE 'disowned-%@disowned.invalid'
  AND "status" = 'DISABLED'
  AND "erase_after" IS NULL
  AND "erased_at" IS NULL;
