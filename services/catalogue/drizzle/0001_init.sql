CREATE SCHEMA "catalogue";
--> statement-breakpoint
CREATE TABLE "catalogue"."catalogue_products" (
	"catalogue_id" text NOT NULL,
	"item_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_products_pk" PRIMARY KEY("catalogue_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue"."catalogues" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"photo" text,
	"position" integer NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"num_products" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'published' NOT NULL,
	"origin_id" text,
	"origin_slug" text,
	"search_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."inbox" (
	"event_id" text NOT NULL,
	"consumer" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."items" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"main_type" text DEFAULT 'business' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"list_price_minor" bigint DEFAULT 0 NOT NULL,
	"crossout_price_minor" bigint,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"hide_price" boolean DEFAULT false NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_dropshipping" boolean DEFAULT false NOT NULL,
	"contribution_margin_minor" bigint DEFAULT 0 NOT NULL,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"available" integer,
	"stock_type" text DEFAULT 'onstock' NOT NULL,
	"max_purchase_amount" integer,
	"sold_out" boolean DEFAULT false NOT NULL,
	"experience_date" timestamp with time zone,
	"list_state" text DEFAULT 'unpublished' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"queue_position" integer DEFAULT 0 NOT NULL,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"return_info" jsonb,
	"revision" integer DEFAULT 1 NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"search_tags" text DEFAULT '' NOT NULL,
	"search_description" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "catalogue"."items"."search_name"), 'A') || setweight(to_tsvector('simple'::regconfig, "catalogue"."items"."search_tags"), 'B') || setweight(to_tsvector('simple'::regconfig, "catalogue"."items"."search_description"), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalogue"."jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"backoff_ms" integer NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalogue"."outbox" (
	"seq" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"topic" text NOT NULL,
	"key" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalogue"."diagnostic_pings" (
	"id" text PRIMARY KEY NOT NULL,
	"from_service" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"photo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."shop_items" (
	"shop_id" text NOT NULL,
	"item_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_known" boolean DEFAULT false NOT NULL,
	"item_type" text DEFAULT '' NOT NULL,
	"supplier_id" text DEFAULT '' NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"list_price_minor" bigint DEFAULT 0 NOT NULL,
	"queue_position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_items_pk" PRIMARY KEY("shop_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue"."shops" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"store_type" text NOT NULL,
	"supplier_id" text,
	"canonical_url" text,
	"is_proxy" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue"."suppliers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_products_item_idx" ON "catalogue"."catalogue_products" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogues_owner_slug_uq" ON "catalogue"."catalogues" USING btree ("owner_id","slug");--> statement-breakpoint
CREATE INDEX "catalogues_owner_position_idx" ON "catalogue"."catalogues" USING btree ("owner_id","position");--> statement-breakpoint
CREATE INDEX "catalogues_owner_weight_idx" ON "catalogue"."catalogues" USING btree ("owner_id","state","weight");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_uq" ON "catalogue"."categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_search_name_trgm_idx" ON "catalogue"."categories" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_event_consumer_uq" ON "catalogue"."inbox" USING btree ("event_id","consumer");--> statement-breakpoint
CREATE UNIQUE INDEX "items_owner_slug_uq" ON "catalogue"."items" USING btree ("owner_id","slug") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "items_owner_type_idx" ON "catalogue"."items" USING btree ("owner_id","type","created_at");--> statement-breakpoint
CREATE INDEX "items_type_state_idx" ON "catalogue"."items" USING btree ("type","list_state","contribution_margin_minor") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "catalogue"."items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "items_search_name_trgm_idx" ON "catalogue"."items" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_tags_idx" ON "catalogue"."items" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "items_categories_idx" ON "catalogue"."items" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "catalogue"."jobs" USING btree ("state","name","run_at");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "catalogue"."jobs" USING btree ("finished_at") WHERE finished_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_id_uq" ON "catalogue"."outbox" USING btree ("id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "catalogue"."outbox" USING btree ("next_attempt_at","seq") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "shop_items_item_idx" ON "catalogue"."shop_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "shop_items_queue_idx" ON "catalogue"."shop_items" USING btree ("shop_id","item_type","listed","queue_position","item_id");--> statement-breakpoint
CREATE INDEX "shop_items_price_idx" ON "catalogue"."shop_items" USING btree ("shop_id","item_type","listed","list_price_minor","item_id");--> statement-breakpoint
CREATE INDEX "shops_slug_idx" ON "catalogue"."shops" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "shops_owner_idx" ON "catalogue"."shops" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "suppliers_search_name_trgm_idx" ON "catalogue"."suppliers" USING gin ("search_name" gin_trgm_ops);