CREATE TABLE "tour_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"budget" integer,
	"total_cost" integer DEFAULT 0 NOT NULL,
	"start_date" date,
	"end_date" date,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"venue_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tour_plans" ADD CONSTRAINT "tour_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tour_plans_user_updated_idx" ON "tour_plans" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "tour_plans_venue_ids_idx" ON "tour_plans" USING gin ("venue_ids");