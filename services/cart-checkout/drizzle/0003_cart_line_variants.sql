ALTER TABLE "cart-checkout"."cart_lines" ADD COLUMN "variant_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart-checkout"."cart_lines" ADD COLUMN "variant" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cart-checkout"."checkout_lines" ADD COLUMN "variant_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart-checkout"."items" ADD COLUMN "variants" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cart-checkout"."cart_lines" DROP CONSTRAINT "cart_lines_cart_id_item_id_pk";--> statement-breakpoint
ALTER TABLE "cart-checkout"."checkout_lines" DROP CONSTRAINT "checkout_lines_checkout_id_item_id_pk";--> statement-breakpoint
ALTER TABLE "cart-checkout"."cart_lines" ADD CONSTRAINT "cart_lines_cart_id_item_id_variant_key_pk" PRIMARY KEY("cart_id","item_id","variant_key");--> statement-breakpoint
ALTER TABLE "cart-checkout"."checkout_lines" ADD CONSTRAINT "checkout_lines_checkout_id_item_id_variant_key_pk" PRIMARY KEY("checkout_id","item_id","variant_key");
