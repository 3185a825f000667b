CREATE SCHEMA "accounts";
--> statement-breakpoint
CREATE TABLE "accounts"."follows" (
	"follower_id" text NOT NULL,
	"followee_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id")
);
--> statement-breakpoint
CREATE TABLE "accounts"."inbox" (
	"event_id" text NOT NULL,
	"consumer" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"backoff_ms" integer NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts"."one_time_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"link_key_hash" text,
	"link_expires_at" timestamp with time zone,
	"request_code_hash" text,
	"consumed_at" timestamp with time zone,
	"invalidated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."outbox" (
	"seq" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"topic" text NOT NULL,
	"key" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts"."diagnostic_pings" (
	"id" text PRIMARY KEY NOT NULL,
	"from_service" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."rate_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts"."rate_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bucket" text NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts"."sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "accounts"."setup_tours" (
	"user_id" text NOT NULL,
	"app" text NOT NULL,
	"show_tour" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "setup_tours_user_id_app_pk" PRIMARY KEY("user_id","app")
);
--> statement-breakpoint
CREATE TABLE "accounts"."shops" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"slug" text NOT NULL,
	"store_type" text NOT NULL,
	"name" text NOT NULL,
	"signup_form" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"phone" text,
	"phone_national" text,
	"country" text,
	"country_code" text,
	"full_name" text NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"channel" text NOT NULL,
	"locale" text DEFAULT 'es' NOT NULL,
	"keychain" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_reseller" boolean DEFAULT false NOT NULL,
	"store_id" text,
	"photo" text,
	"bio" text,
	"slug" text NOT NULL,
	"can_skip_pin" boolean DEFAULT false NOT NULL,
	"signup" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"registration_code_hash" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "accounts"."follows" USING btree ("followee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_event_consumer_uq" ON "accounts"."inbox" USING btree ("event_id","consumer");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "accounts"."jobs" USING btree ("state","name","run_at");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "accounts"."jobs" USING btree ("finished_at") WHERE finished_at is not null;--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "accounts"."one_time_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_link_uq" ON "accounts"."one_time_codes" USING btree ("link_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_request_uq" ON "accounts"."one_time_codes" USING btree ("request_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_id_uq" ON "accounts"."outbox" USING btree ("id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "accounts"."outbox" USING btree ("next_attempt_at","seq") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "rate_events_lookup_idx" ON "accounts"."rate_events" USING btree ("bucket","subject","at");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "accounts"."refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "accounts"."refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "accounts"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_slug_uq" ON "accounts"."shops" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "shops_owner_idx" ON "accounts"."shops" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "accounts"."users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "accounts"."users" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_slug_uq" ON "accounts"."users" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "users_registration_code_uq" ON "accounts"."users" USING btree ("registration_code_hash");--> statement-breakpoint
CREATE INDEX "users_phone_national_idx" ON "accounts"."users" USING btree ("phone_national");--> statement-breakpoint
CREATE INDEX "users_store_idx" ON "accounts"."users" USING btree ("store_id");