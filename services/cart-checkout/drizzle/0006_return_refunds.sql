CREATE TABLE "cart-checkout"."return_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"attempt_id" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"refund_ref" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart-checkout"."items" ADD COLUMN "contribution_margin_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "return_refunds_pending_idx" ON "cart-checkout"."return_refunds" USING btree ("updated_at") WHERE "cart-checkout"."return_refunds"."status" = 'pending';