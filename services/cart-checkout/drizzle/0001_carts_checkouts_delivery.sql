CREATE TABLE "cart-checkout"."cart_lines" (
	"cart_id" text NOT NULL,
	"item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_cart_id_item_id_pk" PRIMARY KEY("cart_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."carts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."checkout_lines" (
	"checkout_id" text NOT NULL,
	"item_id" text NOT NULL,
	"position" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"product" jsonb NOT NULL,
	CONSTRAINT "checkout_lines_checkout_id_item_id_pk" PRIMARY KEY("checkout_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"cart_id" text,
	"shop_id" text NOT NULL,
	"shop_slug" text NOT NULL,
	"supplier_id" text NOT NULL,
	"dssupplier_id" text,
	"supplier_name" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"shipping_minor" integer,
	"contact" jsonb,
	"address" jsonb,
	"delivery" jsonb,
	"needs_attendees" boolean DEFAULT false NOT NULL,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled_payment_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_token" text,
	"referral" text,
	"campaign" text,
	"click_id" text,
	"public_slug" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."idempotency_keys" (
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
CREATE TABLE "cart-checkout"."items" (
	"item_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"list_state" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"is_dropshipping" boolean DEFAULT false NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"available" integer,
	"stock_type" text DEFAULT 'onstock' NOT NULL,
	"max_purchase_amount" integer,
	"photo" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"revision" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."shops" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"address_name" text NOT NULL,
	"address_phone" text NOT NULL,
	"street_address" text NOT NULL,
	"route" text NOT NULL,
	"street_number" text NOT NULL,
	"country" text DEFAULT 'MX' NOT NULL,
	"administrative_area_level_1" text NOT NULL,
	"locality" text NOT NULL,
	"sublocality" text,
	"postal_code" text NOT NULL,
	"formatted_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."shipping_quotes" (
	"shipment_id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"user_id" text NOT NULL,
	"address_id" text,
	"agency_id" text,
	"rates" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."supplier_names" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart-checkout"."supplier_settings" (
	"supplier_id" text PRIMARY KEY NOT NULL,
	"enabled_payment_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fixed_shipping_cost_minor" integer,
	"fixed_shipping_days" integer,
	"scheduled_delivery" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"rate_zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"branches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart-checkout"."cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "cart-checkout"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart-checkout"."checkout_lines" ADD CONSTRAINT "checkout_lines_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "cart-checkout"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_shop_uq" ON "cart-checkout"."carts" USING btree ("user_id","shop_id");--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "cart-checkout"."checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_expiry_idx" ON "cart-checkout"."checkouts" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_public_slug_uq" ON "cart-checkout"."checkouts" USING btree ("public_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_uq" ON "cart-checkout"."idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "cart-checkout"."idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "items_owner_idx" ON "cart-checkout"."items" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_slug_uq" ON "cart-checkout"."shops" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "cart-checkout"."addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shipping_quotes_checkout_idx" ON "cart-checkout"."shipping_quotes" USING btree ("checkout_id");