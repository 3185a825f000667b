CREATE TABLE "cart-checkout"."supplier_states" (
	"supplier_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart-checkout"."items" ADD COLUMN "owner_disabled" boolean DEFAULT false NOT NULL;