-- Positions that do not renumber the world (issue 18). Catalogues and the products inside a catalogue are ordered by
-- gapped bigint keys (2^32 apart, in the old order): a move writes only the moved row, with a key between its new
-- neighbours. The 1-based `position` clients see is the rank, computed in the read from the (owner, sort_key, id) index.
-- Written by hand (drizzle-kit generate --custom): a generated diff would drop `position` and lose the order.
ALTER TABLE "catalogue"."catalogues" ADD COLUMN "sort_key" bigint;
--> statement-breakpoint
UPDATE "catalogue"."catalogues" c
   SET "sort_key" = r.rn * 4294967296
  FROM (SELECT "id", row_number() OVER (PARTITION BY "owner_id" ORDER BY "position", "created_at", "id") AS rn
          FROM "catalogue"."catalogues") r
 WHERE c."id" = r."id";
--> statement-breakpoint
ALTER TABLE "catalogue"."catalogues" ALTER COLUMN "sort_key" SET NOT NULL;
--> statement-breakpoint
-- Weights: NULL now means "follows the drag order" (the read shows n..1 among such catalogues). Owners whose every
-- weight is exactly n..1 in position order (what a move used to write) follow it; any other owner keeps its weights.
ALTER TABLE "catalogue"."catalogues" ALTER COLUMN "weight" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "catalogue"."catalogues" ALTER COLUMN "weight" DROP NOT NULL;
--> statement-breakpoint
UPDATE "catalogue"."catalogues"
   SET "weight" = NULL
 WHERE "owner_id" IN (
   SELECT "owner_id"
     FROM (SELECT "owner_id", "weight", count(*) OVER (PARTITION BY "owner_id") AS n,
                  row_number() OVER (PARTITION BY "owner_id" ORDER BY "position", "created_at", "id") AS rn
             FROM "catalogue"."catalogues") x
    GROUP BY "owner_id"
   HAVING bool_and("weight" = n - rn + 1));
--> statement-breakpoint
DROP INDEX "catalogue"."catalogues_owner_position_idx";
--> statement-breakpoint
ALTER TABLE "catalogue"."catalogues" DROP COLUMN "position";
--> statement-breakpoint
CREATE INDEX "catalogues_owner_sort_key_idx" ON "catalogue"."catalogues" USING btree ("owner_id","sort_key","id");
--> statement-breakpoint
ALTER TABLE "catalogue"."catalogue_products" ADD COLUMN "sort_key" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "catalogue"."catalogue_products" p
   SET "sort_key" = r.rn * 4294967296
  FROM (SELECT "catalogue_id", "item_id",
               row_number() OVER (PARTITION BY "catalogue_id" ORDER BY "position", "added_at", "item_id") AS rn
          FROM "catalogue"."catalogue_products") r
 WHERE p."catalogue_id" = r."catalogue_id" AND p."item_id" = r."item_id";
--> statement-breakpoint
ALTER TABLE "catalogue"."catalogue_products" DROP COLUMN "position";
--> statement-breakpoint
CREATE INDEX "catalogue_products_sort_key_idx" ON "catalogue"."catalogue_products" USING btree ("catalogue_id","sort_key","item_id");
--> statement-breakpoint
CREATE INDEX "catalogues_owner_explicit_weight_idx" ON "catalogue"."catalogues" USING btree ("owner_id","sort_key","id") WHERE "catalogue"."catalogues"."weight" is not null;
