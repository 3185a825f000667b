CREATE TABLE "catalogue"."listing_changes" (
	"shop_id" text NOT NULL,
	"xid" bigint NOT NULL,
	CONSTRAINT "listing_changes_pk" PRIMARY KEY("shop_id","xid")
);
--> statement-breakpoint
-- Issue 18: the listing-version triggers (0003, 0005) updated the shops' rows, and a row lock is held until commit, so
-- every write touching one shop's listings waited for the previous one to commit. They now append a row per (shop,
-- transaction) to listing_changes instead: inserts of distinct keys never wait for each other. The version readers
-- key cached pages by is shops.listing_version + count(listing_changes of the shop), read in one statement: every
-- committed write adds one, and the compaction job (ListingChangesCompactionJob) deletes rows and adds exactly as many
-- to listing_version in one statement, so the sum never goes back and a cached page is never served after a write.
CREATE OR REPLACE FUNCTION "catalogue"."bump_listing_versions"(shop_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF shop_ids IS NULL OR cardinality(shop_ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "catalogue"."listing_changes" ("shop_id", "xid")
  SELECT s."id", pg_current_xact_id()::text::bigint FROM "catalogue"."shops" s WHERE s."id" = ANY (shop_ids)
  ON CONFLICT DO NOTHING;
END $$;
