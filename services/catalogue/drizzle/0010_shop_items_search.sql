-- btree_gin: GIN indexes that carry the shop beside the words (a search reads one shop's posting lists). PGlite
-- registers the extension at creation (libs/platform db/database.ts), like pg_trgm.
CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;--> statement-breakpoint
ALTER TABLE "catalogue"."shop_items" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."shop_items" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
UPDATE "catalogue"."shop_items" si SET "search_name" = i."search_name", "search_vector" = i."search_vector"
  FROM "catalogue"."items" i WHERE i."id" = si."item_id";--> statement-breakpoint
CREATE INDEX "shop_items_search_idx" ON "catalogue"."shop_items" USING gin ("shop_id","search_vector");--> statement-breakpoint
CREATE INDEX "shop_items_search_name_trgm_idx" ON "catalogue"."shop_items" USING gin ("shop_id","search_name" gin_trgm_ops);
