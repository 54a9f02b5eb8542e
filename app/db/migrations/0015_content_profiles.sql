CREATE TABLE "artist_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"hometown" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"draw_estimate" integer,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artist_profiles_draw_check" CHECK ("artist_profiles"."draw_estimate" is null or "artist_profiles"."draw_estimate" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "artist_profile_id" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "unpublished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "artist_profiles" ADD CONSTRAINT "artist_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artist_profiles_slug_key" ON "artist_profiles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "artist_profiles_user_idx" ON "artist_profiles" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_artist_profile_id_artist_profiles_id_fk" FOREIGN KEY ("artist_profile_id") REFERENCES "public"."artist_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venues_unpublished_idx" ON "venues" USING btree ("id") WHERE "venues"."unpublished_at" is not null;