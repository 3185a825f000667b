CREATE SCHEMA "marketing";
--> statement-breakpoint
CREATE TABLE "marketing"."inbox" (
	"event_id" text NOT NULL,
	"consumer" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing"."jobs" (
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
CREATE TABLE "marketing"."outbox" (
	"seq" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing"."outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
CREATE TABLE "marketing"."diagnostic_pings" (
	"id" text PRIMARY KEY NOT NULL,
	"from_service" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_event_consumer_uq" ON "marketing"."inbox" USING btree ("event_id","consumer");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "marketing"."jobs" USING btree ("state","name","run_at");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "marketing"."jobs" USING btree ("finished_at") WHERE finished_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_id_uq" ON "marketing"."outbox" USING btree ("id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "marketing"."outbox" USING btree ("next_attempt_at","seq") WHERE published_at is null;