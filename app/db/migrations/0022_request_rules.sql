-- Requests that end (docs/bookings.md): per-venue response window and hold lengths by how far
-- away the show is, the owner's 24 h reminder and the organizer's ending notice on each request,
-- and hold challenges with their timeline entries.
CREATE TABLE "hold_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"challenger_booking_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hold_challenges_status_check" CHECK ("hold_challenges"."status" in ('open', 'confirmed', 'released', 'lapsed', 'ended')),
	CONSTRAINT "hold_challenges_distinct_check" CHECK ("hold_challenges"."booking_id" <> "hold_challenges"."challenger_booking_id")
);
--> statement-breakpoint
ALTER TABLE "booking_events" DROP CONSTRAINT "booking_events_kind_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ending_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "firm_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venue_booking_settings" ADD COLUMN "hold_days_mid" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_booking_settings" ADD COLUMN "hold_hours_soon" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_booking_settings" ADD COLUMN "response_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_booking_settings" ADD COLUMN "challenge_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "hold_challenges" ADD CONSTRAINT "hold_challenges_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_challenges" ADD CONSTRAINT "hold_challenges_challenger_booking_id_bookings_id_fk" FOREIGN KEY ("challenger_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hold_challenges_one_open_key" ON "hold_challenges" USING btree ("booking_id") WHERE "hold_challenges"."status" = 'open';--> statement-breakpoint
CREATE INDEX "hold_challenges_open_answer_idx" ON "hold_challenges" USING btree ("answer_by") WHERE "hold_challenges"."status" = 'open';--> statement-breakpoint
CREATE INDEX "hold_challenges_challenger_idx" ON "hold_challenges" USING btree ("challenger_booking_id");--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_kind_check" CHECK ("booking_events"."kind" in ('requested', 'accepted', 'declined', 'expired', 'cancelled', 'moved_up', 'change_proposed', 'change_accepted', 'change_declined', 'completed', 'challenged', 'challenge_confirmed', 'challenge_released', 'challenge_lapsed'));--> statement-breakpoint
ALTER TABLE "venue_booking_settings" ADD CONSTRAINT "venue_booking_settings_hold_days_mid_check" CHECK ("venue_booking_settings"."hold_days_mid" between 1 and 30);--> statement-breakpoint
ALTER TABLE "venue_booking_settings" ADD CONSTRAINT "venue_booking_settings_hold_hours_soon_check" CHECK ("venue_booking_settings"."hold_hours_soon" between 6 and 168);--> statement-breakpoint
ALTER TABLE "venue_booking_settings" ADD CONSTRAINT "venue_booking_settings_response_hours_check" CHECK ("venue_booking_settings"."response_hours" between 24 and 168);--> statement-breakpoint
ALTER TABLE "venue_booking_settings" ADD CONSTRAINT "venue_booking_settings_challenge_hours_check" CHECK ("venue_booking_settings"."challenge_hours" between 12 and 168);