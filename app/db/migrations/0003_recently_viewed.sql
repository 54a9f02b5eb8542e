CREATE TABLE "recently_viewed" (
	"user_id" text NOT NULL,
	"venue_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recently_viewed" ADD CONSTRAINT "recently_viewed_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recently_viewed" ADD CONSTRAINT "recently_viewed_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recently_viewed_user_venue_key" ON "recently_viewed" USING btree ("user_id","venue_id");--> statement-breakpoint
CREATE INDEX "recently_viewed_user_time_idx" ON "recently_viewed" USING btree ("user_id","viewed_at");