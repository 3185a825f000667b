CREATE TABLE "accounts"."collaborators" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"photo" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "collaborators_shop_user_uq" ON "accounts"."collaborators" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE INDEX "collaborators_shop_created_idx" ON "accounts"."collaborators" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "collaborators_user_idx" ON "accounts"."collaborators" USING btree ("user_id");