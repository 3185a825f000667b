CREATE TABLE "accounts"."sign_in_throttles" (
	"account_key" text NOT NULL,
	"client_key" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_throttles_account_key_client_key_pk" PRIMARY KEY("account_key","client_key")
);
--> statement-breakpoint
CREATE TABLE "accounts"."trusted_devices" (
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trusted_devices_token_hash_user_id_pk" PRIMARY KEY("token_hash","user_id")
);
--> statement-breakpoint
CREATE INDEX "sign_in_throttles_last_failure_idx" ON "accounts"."sign_in_throttles" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "trusted_devices_last_used_idx" ON "accounts"."trusted_devices" USING btree ("last_used_at");