ALTER TABLE "store"."shops" ADD COLUMN "content_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 17: the shop home (shop, theme, banners and headers for the viewer's level) is served from a per-process cache
-- while the shop's content_version is the one it was built at; every request reads the shop row anyway. Any update of
-- the row adds one (BEFORE UPDATE, so the new value commits with the change), and so does any write to the shop's
-- banners or headers (one UPDATE per statement, through the row trigger). Owners edit these rarely: the row lock the
-- UPDATE takes never meets a busy write path (item writes do not touch store.shops).
CREATE OR REPLACE FUNCTION "store"."shops_bump_content"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."content_version" := OLD."content_version" + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shops_content_version" BEFORE UPDATE ON "store"."shops"
  FOR EACH ROW EXECUTE FUNCTION "store"."shops_bump_content"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "store"."shop_parts_bump_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "store"."shops" SET "content_version" = "content_version" + 1
   WHERE "id" IN (SELECT DISTINCT "shop_id" FROM new_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "store"."shop_parts_bump_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "store"."shops" SET "content_version" = "content_version" + 1
   WHERE "id" IN (SELECT DISTINCT "shop_id" FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "banners_content_insert" AFTER INSERT ON "store"."banners"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "store"."shop_parts_bump_new"();
--> statement-breakpoint
CREATE TRIGGER "banners_content_update" AFTER UPDATE ON "store"."banners"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "store"."shop_parts_bump_new"();
--> statement-breakpoint
CREATE TRIGGER "banners_content_delete" AFTER DELETE ON "store"."banners"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "store"."shop_parts_bump_old"();
--> statement-breakpoint
CREATE TRIGGER "headers_content_insert" AFTER INSERT ON "store"."headers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "store"."shop_parts_bump_new"();
--> statement-breakpoint
CREATE TRIGGER "headers_content_update" AFTER UPDATE ON "store"."headers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "store"."shop_parts_bump_new"();
--> statement-breakpoint
CREATE TRIGGER "headers_content_delete" AFTER DELETE ON "store"."headers"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "store"."shop_parts_bump_old"();
