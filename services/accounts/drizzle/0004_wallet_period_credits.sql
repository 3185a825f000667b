ALTER TABLE "accounts"."ledger_accounts" ADD COLUMN "credits_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts"."ledger_accounts" ADD COLUMN "period_credits_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Accounts credited before this column existed: the credits since the last cut-off of the default rule (Monday 06:00 UTC).
UPDATE "accounts"."ledger_accounts" a
   SET "credits_since" = c.since,
       "period_credits_minor" = coalesce((SELECT sum(e."amount_minor") FROM "accounts"."ledger_entries" e
                                           WHERE e."account_id" = a."id" AND e."amount_minor" > 0 AND e."created_at" >= c.since), 0)
  FROM (SELECT (date_trunc('week', (now() AT TIME ZONE 'UTC') - interval '6 hours') + interval '6 hours') AT TIME ZONE 'UTC' AS since) c;
