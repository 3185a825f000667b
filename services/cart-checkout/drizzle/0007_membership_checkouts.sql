ALTER TABLE "cart-checkout"."checkouts" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart-checkout"."checkouts" ADD COLUMN "description" text;