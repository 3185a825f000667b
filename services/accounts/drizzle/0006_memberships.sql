CREATE TABLE "accounts"."membership_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"package_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_token" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."memberships" (
	"user_id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"status" text NOT NULL,
	"commission_ppm" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"last_purchase_id" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts"."settlements" ADD COLUMN "commission_ppm" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_purchases_token_uq" ON "accounts"."membership_purchases" USING btree ("payment_token");--> statement-breakpoint
CREATE INDEX "membership_purchases_user_idx" ON "accounts"."membership_purchases" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "membership_purchases_pending_uq" ON "accounts"."membership_purchases" USING btree ("user_id","kind") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "memberships_due_idx" ON "accounts"."memberships" USING btree ("period_end") WHERE status in ('active', 'grace');