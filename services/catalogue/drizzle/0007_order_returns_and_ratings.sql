ALTER TABLE "catalogue"."stock_reservations" DROP CONSTRAINT "stock_reservations_status_known";--> statement-breakpoint
ALTER TABLE "catalogue"."items" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."items" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue"."stock_reservations" ADD CONSTRAINT "stock_reservations_status_known" CHECK ("catalogue"."stock_reservations"."status" in ('held', 'committed', 'released', 'returned'));