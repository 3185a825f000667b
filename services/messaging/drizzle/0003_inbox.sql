CREATE TABLE "messaging"."conversation_members" (
	"conversation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"peer_id" text NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_members_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messaging"."conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"pair_key" text NOT NULL,
	"user_a" text NOT NULL,
	"user_b" text NOT NULL,
	"last_message_teaser" text,
	"last_message_sender" text,
	"last_message_kind" text,
	"last_message_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_pair_key_uq" UNIQUE("pair_key")
);
--> statement-breakpoint
CREATE TABLE "messaging"."messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"media" jsonb,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging"."presence" (
	"user_id" text PRIMARY KEY NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"photo" text,
	"email" text,
	"locale" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "conversation_members_user_idx" ON "messaging"."conversation_members" USING btree ("user_id","updated_at" DESC NULLS FIRST,"conversation_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messaging"."messages" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_idempotency_uq" ON "messaging"."messages" USING btree ("sender_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "messaging"."users" USING btree ("name");