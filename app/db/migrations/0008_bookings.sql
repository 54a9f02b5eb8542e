CREATE TABLE "booking_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"proposed_by" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"guests" integer NOT NULL,
	"offer_amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "booking_changes_status_check" CHECK ("booking_changes"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "booking_changes_dates_check" CHECK ("booking_changes"."end_date" >= "booking_changes"."start_date")
);
--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"note" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_events_kind_check" CHECK ("booking_events"."kind" in ('requested', 'accepted', 'declined', 'expired', 'cancelled', 'moved_up', 'change_proposed', 'change_accepted', 'change_declined'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"venue_id" text NOT NULL,
	"organizer_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"during" daterange GENERATED ALWAYS AS (daterange(start_date, end_date, '[]')) STORED NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"event_type" text NOT NULL,
	"guests" integer NOT NULL,
	"offer_amount" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"cancel_reason" text,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'accepted', 'declined', 'expired', 'cancelled')),
	CONSTRAINT "bookings_dates_check" CHECK ("bookings"."end_date" >= "bookings"."start_date" and "bookings"."end_date" - "bookings"."start_date" < 14),
	CONSTRAINT "bookings_guests_check" CHECK ("bookings"."guests" > 0),
	CONSTRAINT "bookings_offer_check" CHECK ("bookings"."offer_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "venue_booking_settings" (
	"venue_id" text PRIMARY KEY NOT NULL,
	"hold_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_booking_settings_hold_days_check" CHECK ("venue_booking_settings"."hold_days" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "venue_calendar" (
	"venue_id" text NOT NULL,
	"date" date NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"price_override" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_calendar_venue_id_date_pk" PRIMARY KEY("venue_id","date"),
	CONSTRAINT "venue_calendar_price_check" CHECK ("venue_calendar"."price_override" is null or "venue_calendar"."price_override" >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_booking_settings" ADD CONSTRAINT "venue_booking_settings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_calendar" ADD CONSTRAINT "venue_calendar_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_changes_one_open_key" ON "booking_changes" USING btree ("booking_id") WHERE "booking_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_venue_status_idx" ON "bookings" USING btree ("venue_id","status");--> statement-breakpoint
CREATE INDEX "bookings_organizer_idx" ON "bookings" USING btree ("organizer_id","start_date");--> statement-breakpoint
CREATE INDEX "bookings_pending_expiry_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency_key" ON "bookings" USING btree ("organizer_id","idempotency_key");