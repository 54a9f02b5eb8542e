-- Calendars in sync (docs/calendars.md): the secret addresses of the venue and organizer ICS feeds,
-- each venue's external calendar subscription with the outcome of its last sync, and who blocked a
-- date (the owner by hand, or the sync, which adds and removes only its own blocks).
CREATE TABLE "calendar_feeds" (
	"token" text PRIMARY KEY NOT NULL,
	"venue_id" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_venue_id_unique" UNIQUE("venue_id"),
	CONSTRAINT "calendar_feeds_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "calendar_feeds_one_owner_check" CHECK (num_nonnulls("calendar_feeds"."venue_id", "calendar_feeds"."user_id") = 1),
	CONSTRAINT "calendar_feeds_token_check" CHECK ("calendar_feeds"."token" ~ '^[A-Za-z0-9_-]{43}$')
);
--> statement-breakpoint
CREATE TABLE "venue_calendar_subscriptions" (
	"venue_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"busy_dates" integer DEFAULT 0 NOT NULL,
	"booked_conflicts" date[] DEFAULT '{}'::date[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_calendar_subscriptions_url_check" CHECK (length("venue_calendar_subscriptions"."url") <= 2000 and "venue_calendar_subscriptions"."url" ~* '^https?://')
);
--> statement-breakpoint
ALTER TABLE "venue_calendar" ADD COLUMN "source" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_calendar_subscriptions" ADD CONSTRAINT "venue_calendar_subscriptions_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_calendar" ADD CONSTRAINT "venue_calendar_source_check" CHECK ("venue_calendar"."source" in ('owner', 'feed'));--> statement-breakpoint
ALTER TABLE "venue_calendar" ADD CONSTRAINT "venue_calendar_feed_blocks_check" CHECK ("venue_calendar"."source" = 'owner' or "venue_calendar"."blocked");
