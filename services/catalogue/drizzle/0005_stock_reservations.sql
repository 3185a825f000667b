CREATE TABLE "catalogue"."stock_reservations" (
	"checkout_id" text NOT NULL,
	"item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"held" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_quantity_positive" CHECK ("catalogue"."stock_reservations"."quantity" > 0 and "catalogue"."stock_reservations"."held" >= 0 and "catalogue"."stock_reservations"."held" <= "catalogue"."stock_reservations"."quantity"),
	CONSTRAINT "stock_reservations_status_known" CHECK ("catalogue"."stock_reservations"."status" in ('held', 'committed', 'released'))
);
--> statement-breakpoint
ALTER TABLE "catalogue"."items" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_reservations_checkout_item_uq" ON "catalogue"."stock_reservations" USING btree ("checkout_id","item_id");--> statement-breakpoint
CREATE INDEX "stock_reservations_status_expires_idx" ON "catalogue"."stock_reservations" USING btree ("status","expires_at");--> statement-breakpoint
ALTER TABLE "catalogue"."items" ADD CONSTRAINT "items_reserved_not_negative" CHECK ("catalogue"."items"."reserved" >= 0);--> statement-breakpoint
ALTER TABLE "catalogue"."items" ADD CONSTRAINT "items_reserved_within_available" CHECK ("catalogue"."items"."available" is null or "catalogue"."items"."reserved" <= "catalogue"."items"."available");--> statement-breakpoint
-- Reserving or releasing stock changes only items.reserved, which no listing shows: those updates must not bump (and
-- lock) the shops' listing versions, or every checkout would queue behind the shop rows. The update trigger now
-- compares old and new rows and bumps only for items where something besides `reserved` changed.
DROP TRIGGER "items_listing_update" ON "catalogue"."items";
--> statement-breakpoint
CREATE FUNCTION "catalogue"."items_bump_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue"."bump_listing_versions"(ARRAY(
    SELECT DISTINCT si."shop_id" FROM "catalogue"."shop_items" si
     WHERE si."item_id" IN (
       SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
        WHERE (to_jsonb(n) - 'reserved') IS DISTINCT FROM (to_jsonb(o) - 'reserved'))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "items_listing_update" AFTER UPDATE ON "catalogue"."items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue"."items_bump_changed"();
