-- Listing versions (schema.ts `shops.listing_version`): cached listing pages of a shop are keyed by this number,
-- so every change to what a shop's listings show must bump it, whichever code path makes the change. Statement-level
-- triggers with transition tables: one UPDATE of the affected shops per statement, not per row. Shops are locked in
-- id order (ORDER BY id FOR UPDATE) so two transactions bumping overlapping shops cannot deadlock.
CREATE FUNCTION "catalogue"."bump_listing_versions"(shop_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF shop_ids IS NULL OR cardinality(shop_ids) = 0 THEN
    RETURN;
  END IF;
  UPDATE "catalogue"."shops" s
     SET "listing_version" = s."listing_version" + 1
    FROM (SELECT "id" FROM "catalogue"."shops" WHERE "id" = ANY (shop_ids) ORDER BY "id" FOR UPDATE) locked
   WHERE s."id" = locked."id";
END $$;
--> statement-breakpoint
-- shop_items: a shop gains, loses or re-lists an item (store events, item state and price copies).
CREATE FUNCTION "catalogue"."shop_items_bump_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue"."bump_listing_versions"(ARRAY(SELECT DISTINCT "shop_id" FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalogue"."shop_items_bump_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue"."bump_listing_versions"(ARRAY(SELECT DISTINCT "shop_id" FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shop_items_listing_insert" AFTER INSERT ON "catalogue"."shop_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue"."shop_items_bump_new"();
--> statement-breakpoint
CREATE TRIGGER "shop_items_listing_update" AFTER UPDATE ON "catalogue"."shop_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue"."shop_items_bump_new"();
--> statement-breakpoint
CREATE TRIGGER "shop_items_listing_delete" AFTER DELETE ON "catalogue"."shop_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue"."shop_items_bump_old"();
--> statement-breakpoint
-- items: anything a listing card shows (name, photos, prices, stock, ...) changed for the shops that have the item.
CREATE FUNCTION "catalogue"."items_bump_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue"."bump_listing_versions"(ARRAY(
    SELECT DISTINCT si."shop_id" FROM "catalogue"."shop_items" si WHERE si."item_id" IN (SELECT "id" FROM new_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalogue"."items_bump_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue"."bump_listing_versions"(ARRAY(
    SELECT DISTINCT si."shop_id" FROM "catalogue"."shop_items" si WHERE si."item_id" IN (SELECT "id" FROM old_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "items_listing_insert" AFTER INSERT ON "catalogue"."items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue"."items_bump_new"();
--> statement-breakpoint
CREATE TRIGGER "items_listing_update" AFTER UPDATE ON "catalogue"."items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue"."items_bump_new"();
--> statement-breakpoint
CREATE TRIGGER "items_listing_delete" AFTER DELETE ON "catalogue"."items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue"."items_bump_old"();
--> statement-breakpoint
-- suppliers: the supplier's name is on every card of its items.
CREATE FUNCTION "catalogue"."suppliers_bump_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue"."bump_listing_versions"(ARRAY(
    SELECT DISTINCT si."shop_id" FROM "catalogue"."shop_items" si
      JOIN "catalogue"."items" i ON i."id" = si."item_id"
     WHERE i."owner_id" IN (SELECT "id" FROM new_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "suppliers_listing_update" AFTER UPDATE ON "catalogue"."suppliers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue"."suppliers_bump_new"();
