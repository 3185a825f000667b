CREATE TABLE "messaging"."alert_reads" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging"."alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"origin" text NOT NULL,
	"type" text NOT NULL,
	"subtype" text,
	"params" jsonb NOT NULL,
	"message" jsonb NOT NULL,
	"link" text,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_event_user_role_uq" ON "messaging"."alerts" USING btree ("event_id","user_id","role");--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "messaging"."alerts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);