CREATE TABLE "plan_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_requests_status_check" CHECK ("plan_requests"."status" in ('open', 'granted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "booking_events" DROP CONSTRAINT "booking_events_kind_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_venue_id_venues_id_fk";
--> statement-breakpoint
DROP INDEX "venues_unpublished_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "visible_to_venues" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_facets" ADD COLUMN "claimed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "listed" boolean GENERATED ALWAYS AS (unpublished_at is null and archived_at is null and review_requested_at is null) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_requests" ADD CONSTRAINT "plan_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_requests" ADD CONSTRAINT "plan_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_requests_one_open_key" ON "plan_requests" USING btree ("user_id") WHERE "plan_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "plan_requests_status_idx" ON "plan_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_active_start_idx" ON "bookings" USING btree ("start_date") WHERE "bookings"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "conversations_started_first_idx" ON "conversations" USING btree ("started_by_id","first_message_at");--> statement-breakpoint
CREATE INDEX "venue_facets_claimed_idx" ON "venue_facets" USING btree ("id") WHERE "venue_facets"."claimed";--> statement-breakpoint
CREATE INDEX "venues_unlisted_idx" ON "venues" USING btree ("id") WHERE not "venues"."listed";--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_kind_check" CHECK ("booking_events"."kind" in ('requested', 'accepted', 'declined', 'expired', 'cancelled', 'moved_up', 'change_proposed', 'change_accepted', 'change_declined', 'completed'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'accepted', 'declined', 'expired', 'cancelled', 'completed'));