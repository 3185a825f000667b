CREATE SCHEMA "store";
--> statement-breakpoint
CREATE TABLE "store"."banners" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"position" integer NOT NULL,
	"hzt_image" text NOT NULL,
	"hzt_image_id" text,
	"vrt_image" text NOT NULL,
	"vrt_image_id" text,
	"product" text,
	"supplier" text,
	"url" text,
	"url_target" boolean DEFAULT true NOT NULL,
	"target" text DEFAULT 'all' NOT NULL,
	"action_type" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store"."gallery_images" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"mashup_id" text NOT NULL,
	"name" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"main_colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delete_requested_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store"."headers" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"description" text,
	"target" text DEFAULT 'all' NOT NULL,
	"action_type" text DEFAULT 'none' NOT NULL,
	"url" text,
	"product" text,
	"product_supplier" text,
	"button_label" text,
	"initial_color" text DEFAULT '#f5f8fa' NOT NULL,
	"final_color" text DEFAULT '#f5f8fa' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store"."inbox" (
	"event_id" text NOT NULL,
	"consumer" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store"."item_refs" (
	"item_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"type" text NOT NULL,
	"list_state" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"is_dropshipping" boolean DEFAULT false NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store"."jobs" (
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
CREATE TABLE "store"."outbox" (
	"seq" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "store"."diagnostic_pings" (
	"id" text PRIMARY KEY NOT NULL,
	"from_service" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store"."shop_franchises" (
	"shop_id" text NOT NULL,
	"franchise_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_franchises_pk" PRIMARY KEY("shop_id","franchise_id")
);
--> statement-breakpoint
CREATE TABLE "store"."shop_items" (
	"shop_id" text NOT NULL,
	"item_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_items_pk" PRIMARY KEY("shop_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "store"."shops" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"photo" text,
	"photo_display" text DEFAULT 'bdr_cir' NOT NULL,
	"hidden_store_name" boolean DEFAULT false NOT NULL,
	"hidden_search_bar" boolean DEFAULT false NOT NULL,
	"hidden_affinity_xheader" boolean DEFAULT false NOT NULL,
	"store_type" text DEFAULT 'affiliate' NOT NULL,
	"is_proxy" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'published' NOT NULL,
	"canonical_url" text,
	"canonical_domain" text,
	"domain" text,
	"protocol" text DEFAULT 'https' NOT NULL,
	"host" text,
	"signup_plan" text,
	"fb_pixel" text,
	"live_chat_license" text,
	"whatsapp_phone" text,
	"whatsapp_country_code" text,
	"contact_email" text,
	"contact_phone" text,
	"contact_country_code" text,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"about_entry_id" text,
	"seo_description" text,
	"favicon" text,
	"bgcolor" text,
	"darkmode" boolean DEFAULT false NOT NULL,
	"hidden_darkmode" boolean DEFAULT false NOT NULL,
	"adornment_type" text,
	"footer_bg" text,
	"footer_fg" text,
	"footer_style" text DEFAULT '3cols1col' NOT NULL,
	"users_support_url" text,
	"franchise_support_url" text,
	"affiliate_support_url" text,
	"facebook" text,
	"instagram" text,
	"twitter" text,
	"youtube" text,
	"twitch" text,
	"kick" text,
	"discord" text,
	"dssupplier_id" text,
	"dssupplier_banner" boolean DEFAULT false NOT NULL,
	"slider" boolean DEFAULT true NOT NULL,
	"header" boolean DEFAULT true NOT NULL,
	"root_affinity_store_id" text,
	"theme" text DEFAULT '03' NOT NULL,
	"color1" text,
	"color2" text,
	"columns" smallint DEFAULT 2 NOT NULL,
	"signup_form" text DEFAULT 'complete' NOT NULL,
	"sections_info" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "banners_shop_idx" ON "store"."banners" USING btree ("shop_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_images_file_uq" ON "store"."gallery_images" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "gallery_images_owner_idx" ON "store"."gallery_images" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "gallery_images_pending_delete_idx" ON "store"."gallery_images" USING btree ("delete_requested_at") WHERE delete_requested_at is not null and deleted_at is null;--> statement-breakpoint
CREATE INDEX "headers_shop_idx" ON "store"."headers" USING btree ("shop_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_event_consumer_uq" ON "store"."inbox" USING btree ("event_id","consumer");--> statement-breakpoint
CREATE INDEX "item_refs_owner_idx" ON "store"."item_refs" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "store"."jobs" USING btree ("state","name","run_at");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "store"."jobs" USING btree ("finished_at") WHERE finished_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_id_uq" ON "store"."outbox" USING btree ("id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "store"."outbox" USING btree ("next_attempt_at","seq") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "shop_franchises_franchise_idx" ON "store"."shop_franchises" USING btree ("franchise_id");--> statement-breakpoint
CREATE INDEX "shop_items_item_idx" ON "store"."shop_items" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_slug_uq" ON "store"."shops" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_owner_uq" ON "store"."shops" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_host_uq" ON "store"."shops" USING btree ("host");--> statement-breakpoint
CREATE INDEX "shops_type_state_idx" ON "store"."shops" USING btree ("store_type","state","name");--> statement-breakpoint
CREATE INDEX "shops_search_name_trgm_idx" ON "store"."shops" USING gin ("search_name" gin_trgm_ops);