CREATE TABLE "orders"."return_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"author" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"visibility" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."return_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"amount_minor" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."return_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"destination" text NOT NULL,
	"scope" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders"."return_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"supplier_id" text NOT NULL,
	"dssupplier_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text NOT NULL,
	"sub_reason" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"refund_to" text DEFAULT 'original' NOT NULL,
	"return_info" jsonb,
	"restocking_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders"."order_lines" ADD COLUMN "contribution_margin_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."orders" ADD COLUMN "refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"."return_notes" ADD CONSTRAINT "return_notes_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "orders"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."return_record" ADD CONSTRAINT "return_record_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "orders"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."return_refunds" ADD CONSTRAINT "return_refunds_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "orders"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders"."return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_notes_return_idx" ON "orders"."return_notes" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE INDEX "return_record_return_idx" ON "orders"."return_record" USING btree ("return_id","id");--> statement-breakpoint
CREATE INDEX "return_refunds_return_idx" ON "orders"."return_refunds" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE INDEX "return_refunds_order_idx" ON "orders"."return_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_open_uq" ON "orders"."return_requests" USING btree ("order_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "orders"."return_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_user_idx" ON "orders"."return_requests" USING btree ("user_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "return_requests_supplier_idx" ON "orders"."return_requests" USING btree ("supplier_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "return_requests_dssupplier_idx" ON "orders"."return_requests" USING btree ("dssupplier_id","status","created_at" DESC NULLS LAST);