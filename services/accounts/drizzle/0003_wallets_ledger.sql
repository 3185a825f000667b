CREATE TABLE "accounts"."cashouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"clabe" text NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts"."idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"currency" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_accounts_kind_user_currency_uq" UNIQUE NULLS NOT DISTINCT("kind","user_id","currency")
);
--> statement-breakpoint
CREATE TABLE "accounts"."ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"account_id" text NOT NULL,
	"part" text,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."ledger_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"order_id" text,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."settlement_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"destination" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."settlement_returns" (
	"return_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts"."settlements" (
	"order_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"currency" text NOT NULL,
	"captured_minor" bigint NOT NULL,
	"goods_minor" bigint NOT NULL,
	"shipping_minor" bigint NOT NULL,
	"financing_minor" bigint NOT NULL,
	"margin_minor" bigint NOT NULL,
	"supplier_id" text NOT NULL,
	"dssupplier_id" text,
	"reseller_id" text,
	"shipper_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"dispersion_transaction_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cashouts_user_idx" ON "accounts"."cashouts" USING btree ("user_id","currency","requested_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cashouts_pending_idx" ON "accounts"."cashouts" USING btree ("user_id","currency") WHERE status = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_uq" ON "accounts"."idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "accounts"."idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "accounts"."ledger_entries" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "accounts"."ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_kind_ref_uq" ON "accounts"."ledger_transactions" USING btree ("kind","ref");--> statement-breakpoint
CREATE INDEX "ledger_transactions_order_idx" ON "accounts"."ledger_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "settlement_refunds_order_idx" ON "accounts"."settlement_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "settlement_returns_order_idx" ON "accounts"."settlement_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "settlements_due_idx" ON "accounts"."settlements" USING btree ("due_at") WHERE settled_at is null;--> statement-breakpoint
-- The ledger is append-only (ARCHITECTURE §8): corrections are new transactions, never edits.
CREATE OR REPLACE FUNCTION "accounts"."ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on %.% is refused', TG_OP, TG_TABLE_SCHEMA, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "accounts"."ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "accounts"."ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "accounts"."ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "accounts"."ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "accounts"."ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "accounts"."ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "accounts"."ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "accounts"."ledger_refuse_change"();--> statement-breakpoint
-- Every transaction's entries sum to zero, checked at commit (the code checks before inserting too).
CREATE OR REPLACE FUNCTION "accounts"."ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total numeric;
BEGIN
  SELECT coalesce(sum(amount_minor), 0) INTO total FROM "accounts"."ledger_entries" WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero (%)', NEW.transaction_id, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "accounts"."ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "accounts"."ledger_check_balanced"();
