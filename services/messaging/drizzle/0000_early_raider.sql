CREATE SCHEMA "messaging";
--> statement-breakpoint
CREATE TABLE "messaging"."deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"expires_at" timestamp with time zone,
	"enqueued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging"."inbox" (
	"event_id" text NOT NULL,
	"consumer" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging"."jobs" (
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
CREATE TABLE "messaging"."mailbox_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging"."outbox" (
	"seq" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messaging"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "messaging"."diagnostic_pings" (
	"id" text PRIMARY KEY NOT NULL,
	"from_service" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "deliveries_pending_idx" ON "messaging"."deliveries" USING btree ("enqueued_at","created_at");--> statement-breakpoint
CREATE INDEX "deliveries_user_idx" ON "messaging"."deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_event_consumer_uq" ON "messaging"."inbox" USING btree ("event_id","consumer");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "messaging"."jobs" USING btree ("state","name","run_at");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "messaging"."jobs" USING btree ("finished_at") WHERE finished_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mailbox_delivery_uq" ON "messaging"."mailbox_messages" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "mailbox_to_idx" ON "messaging"."mailbox_messages" USING btree ("to","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_id_uq" ON "messaging"."outbox" USING btree ("id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "messaging"."outbox" USING btree ("next_attempt_at","seq") WHERE published_at is null;