ALTER TABLE "accounts"."refresh_tokens" ADD COLUMN "replaced_by" text;--> statement-breakpoint
ALTER TABLE "accounts"."refresh_tokens" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
CREATE INDEX "one_time_codes_expires_idx" ON "accounts"."one_time_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_idx" ON "accounts"."refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_sealed_idx" ON "accounts"."refresh_tokens" USING btree ("rotated_at") WHERE successor_sealed is not null;--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "accounts"."users" USING btree ("updated_at") WHERE status = 'pending';