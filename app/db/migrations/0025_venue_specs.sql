-- Specs and terms (docs/venues.md): optional columns on venues, bounded by checks that hold for
-- every writer, and 'Reviewed' (an admin approved the listing at its first review, or its owner's
-- claim; backfilled from approved claims). The search projection copies the three specs search
-- filters on (age policy, deal types, access) and their indexes join its own: the arrays in the
-- one GIN index over genres and amenities, the age policy a (value, id) btree like the venue type's.
ALTER TABLE "venues" ADD COLUMN "stage_width" double precision;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "stage_depth" double precision;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "stage_unit" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "pa_backline" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "load_in" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "curfew" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "age_policy" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "deal_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "parking" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "accessibility" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "accessibility_note" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_stage_check" CHECK (("venues"."stage_width" is null and "venues"."stage_depth" is null and "venues"."stage_unit" is null) or ("venues"."stage_unit" is not null and "venues"."stage_width" is not null and "venues"."stage_depth" is not null and "venues"."stage_unit" in ('ft', 'm') and "venues"."stage_width" between 1 and 200 and "venues"."stage_depth" between 1 and 200));--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_age_policy_check" CHECK ("venues"."age_policy" is null or "venues"."age_policy" in ('all_ages', '18_plus', '21_plus'));--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_deal_types_check" CHECK ("venues"."deal_types" <@ array['flat_fee', 'guarantee', 'door_split', 'bar_split']::text[]);--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_accessibility_check" CHECK ("venues"."accessibility" <@ array['step_free_entrance', 'accessible_restroom', 'wheelchair_seating', 'step_free_stage']::text[]);--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_curfew_check" CHECK ("venues"."curfew" is null or "venues"."curfew" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_specs_text_check" CHECK (coalesce(char_length("venues"."pa_backline"), 0) <= 300 and coalesce(char_length("venues"."load_in"), 0) <= 500 and coalesce(char_length("venues"."parking"), 0) <= 200 and coalesce(char_length("venues"."accessibility_note"), 0) <= 300);--> statement-breakpoint
UPDATE "venues" v SET "reviewed_at" = c."decided_at"
  FROM (SELECT venue_id, max(decided_at) AS decided_at FROM "venue_claims" WHERE status = 'approved' GROUP BY venue_id) c
  WHERE c.venue_id = v.id AND v.claimed;--> statement-breakpoint
ALTER TABLE "venue_facets" ADD COLUMN "age_policy" text;--> statement-breakpoint
ALTER TABLE "venue_facets" ADD COLUMN "deal_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_facets" ADD COLUMN "accessibility" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
DROP INDEX "venue_facets_tags_idx";--> statement-breakpoint
CREATE INDEX "venue_facets_tags_idx" ON "venue_facets" USING gin ("genres","amenities","deal_types","accessibility");--> statement-breakpoint
CREATE INDEX "venue_facets_age_idx" ON "venue_facets" USING btree ("age_policy","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION venues_sync_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO venue_facets AS f (id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude, claimed, reply_hours,
    age_policy, deal_types, accessibility)
  SELECT id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude, claimed, reply_hours,
    age_policy, deal_types, accessibility
  FROM new_rows
  ON CONFLICT (id) DO UPDATE SET
    city = excluded.city, city_slug = excluded.city_slug, state_code = excluded.state_code,
    venue_type = excluded.venue_type, capacity = excluded.capacity, day_rate = excluded.day_rate,
    genres = excluded.genres, amenities = excluded.amenities, latitude = excluded.latitude, longitude = excluded.longitude,
    claimed = excluded.claimed, reply_hours = excluded.reply_hours,
    age_policy = excluded.age_policy, deal_types = excluded.deal_types, accessibility = excluded.accessibility
  WHERE (f.city, f.city_slug, f.state_code, f.venue_type, f.capacity, f.day_rate, f.genres, f.amenities, f.latitude, f.longitude, f.claimed, f.reply_hours,
      f.age_policy, f.deal_types, f.accessibility)
    IS DISTINCT FROM (excluded.city, excluded.city_slug, excluded.state_code, excluded.venue_type, excluded.capacity,
      excluded.day_rate, excluded.genres, excluded.amenities, excluded.latitude, excluded.longitude, excluded.claimed, excluded.reply_hours,
      excluded.age_policy, excluded.deal_types, excluded.accessibility);
  RETURN NULL;
END
$$;
