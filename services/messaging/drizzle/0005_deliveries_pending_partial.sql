DROP INDEX "messaging"."deliveries_pending_idx";--> statement-breakpoint
CREATE INDEX "deliveries_pending_idx" ON "messaging"."deliveries" USING btree ("created_at") WHERE enqueued_at is null;