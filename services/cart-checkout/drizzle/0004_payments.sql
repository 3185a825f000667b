CREATE TABLE "cart-checkout"."payment_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"financing_cost_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"instalments" integer,
	"provider_ref" text,
	"charge_id" text,
	"action" jsonb,
	"voucher" jsonb,
	"bank_transfer" jsonb,
	"request" jsonb NOT NULL,
	"error_code" text,
	"error_message" text,
	"expires_at" timestamp with time zone,
	"refund_status" text,
	"refund_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."payment_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"attempt_id" text,
	"event" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."sandbox_card_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"behaviour" text NOT NULL,
	"brand" text NOT NULL,
	"type" text NOT NULL,
	"bank" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"name" text NOT NULL,
	"reusable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"attempt_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"instalments" integer,
	"card_token" text,
	"charge_id" text,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"reference" text,
	"failure_code" text,
	"failure_message" text,
	"expires_at" timestamp with time zone,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."sandbox_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."saved_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"brand" text NOT NULL,
	"type" text NOT NULL,
	"bank" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"name_on_card" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart-checkout"."checkouts" ADD COLUMN "paid_attempt_id" text;--> statement-breakpoint
ALTER TABLE "cart-checkout"."checkouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_attempts_checkout_idx" ON "cart-checkout"."payment_attempts" USING btree ("checkout_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_idempotency_uq" ON "cart-checkout"."payment_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_ref_uq" ON "cart-checkout"."payment_attempts" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_attempts_live_idx" ON "cart-checkout"."payment_attempts" USING btree ("updated_at") WHERE "cart-checkout"."payment_attempts"."status" in ('created', 'requires_action', 'processing');--> statement-breakpoint
CREATE INDEX "payment_attempts_refund_idx" ON "cart-checkout"."payment_attempts" USING btree ("updated_at") WHERE "cart-checkout"."payment_attempts"."refund_status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_webhook_events_parked_idx" ON "cart-checkout"."payment_webhook_events" USING btree ("received_at") WHERE "cart-checkout"."payment_webhook_events"."status" = 'parked';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_key_uq" ON "cart-checkout"."sandbox_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_reference_uq" ON "cart-checkout"."sandbox_payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "sandbox_webhooks_due_idx" ON "cart-checkout"."sandbox_webhooks" USING btree ("due_at") WHERE "cart-checkout"."sandbox_webhooks"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "cart-checkout"."saved_cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_ref_uq" ON "cart-checkout"."saved_cards" USING btree ("user_id","provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_payment_token_uq" ON "cart-checkout"."checkouts" USING btree ("payment_token");