CREATE TABLE "orders"."attendants" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"line_id" text NOT NULL,
	"item_id" text NOT NULL,
	"item_name" text NOT NULL,
	"experience_date" timestamp with time zone,
	"supplier_id" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"type" text NOT NULL,
	"position" integer NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."idempotency_keys" (
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
CREATE TABLE "orders"."order_lines" (
	"order_id" text NOT NULL,
	"line_id" text NOT NULL,
	"position" integer NOT NULL,
	"item_id" text NOT NULL,
	"variant_key" text DEFAULT '' NOT NULL,
	"variant" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"name" text NOT NULL,
	"photo" text,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"owner_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"experience_date" timestamp with time zone,
	CONSTRAINT "order_lines_order_id_line_id_pk" PRIMARY KEY("order_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "orders"."order_packages" (
	"order_id" text NOT NULL,
	"index" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"width_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"weight_g" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "order_packages_order_id_index_pk" PRIMARY KEY("order_id","index")
);
--> statement-breakpoint
CREATE TABLE "orders"."order_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."orders" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"shop_slug" text NOT NULL,
	"shop_name" text NOT NULL,
	"shop_owner_id" text NOT NULL,
	"supplier_id" text NOT NULL,
	"supplier_name" text NOT NULL,
	"dssupplier_id" text,
	"dssupplier_name" text,
	"state" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"payment_type" text NOT NULL,
	"prepaid" boolean NOT NULL,
	"charge_id" text,
	"delivery_type" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"shipping_minor" integer DEFAULT 0 NOT NULL,
	"shipping_cost_minor" integer,
	"financing_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"courtesy" boolean DEFAULT false NOT NULL,
	"in_store" boolean DEFAULT false NOT NULL,
	"contact" jsonb,
	"address" jsonb,
	"delivery" jsonb,
	"branch" jsonb,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text NOT NULL,
	"photo" text,
	"items_count" integer NOT NULL,
	"estimated_delivery_date" text,
	"tracking_number" text,
	"tracking_url" text,
	"tracking_status" text,
	"tracking_checked_at" timestamp with time zone,
	"cancel_reason" text,
	"cancel_message" text,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"refund_status" text,
	"refund_minor" integer,
	"delivered_at" timestamp with time zone,
	"return_deadline" timestamp with time zone,
	"invoicing" jsonb,
	"referral" text,
	"campaign" text,
	"click_id" text,
	"placed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"line_id" text NOT NULL,
	"item_id" text NOT NULL,
	"user_id" text NOT NULL,
	"author_name" text NOT NULL,
	"title" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders"."attendants" ADD CONSTRAINT "attendants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."order_packages" ADD CONSTRAINT "order_packages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."order_transitions" ADD CONSTRAINT "order_transitions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendants_order_idx" ON "orders"."attendants" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_uq" ON "orders"."idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "orders"."idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_transitions_order_idx" ON "orders"."order_transitions" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_uq" ON "orders"."orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders"."orders" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_supplier_idx" ON "orders"."orders" USING btree ("supplier_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_dssupplier_idx" ON "orders"."orders" USING btree ("dssupplier_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_tracking_number_idx" ON "orders"."orders" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "orders_tracking_idx" ON "orders"."orders" USING btree ("tracking_checked_at") WHERE tracking_number is not null and state in ('to_deliver', 'in_transit');--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_line_uq" ON "orders"."reviews" USING btree ("order_id","line_id");--> statement-breakpoint
CREATE INDEX "reviews_item_idx" ON "orders"."reviews" USING btree ("item_id","created_at");