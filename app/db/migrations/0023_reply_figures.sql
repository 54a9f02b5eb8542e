-- Reply figures (docs/notifications.md, 'Reply figures'): venues carry their owner's figures,
-- refreshed by the job runner, and the search projection copies the median reply time so search
-- can sort by responsiveness and keep to venues that reply within a day. The trigger function of
-- migrations 0016 and 0020 now copies reply_hours too.
ALTER TABLE "venue_facets" ADD COLUMN "reply_hours" integer;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "reply_considered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "reply_hours" integer;--> statement-breakpoint
CREATE INDEX "venue_facets_reply_hours_idx" ON "venue_facets" USING btree ("reply_hours","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION venues_sync_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO venue_facets AS f (id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude, claimed, reply_hours)
  SELECT id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude, claimed, reply_hours
  FROM new_rows
  ON CONFLICT (id) DO UPDATE SET
    city = excluded.city, city_slug = excluded.city_slug, state_code = excluded.state_code,
    venue_type = excluded.venue_type, capacity = excluded.capacity, day_rate = excluded.day_rate,
    genres = excluded.genres, amenities = excluded.amenities, latitude = excluded.latitude, longitude = excluded.longitude,
    claimed = excluded.claimed, reply_hours = excluded.reply_hours
  WHERE (f.city, f.city_slug, f.state_code, f.venue_type, f.capacity, f.day_rate, f.genres, f.amenities, f.latitude, f.longitude, f.claimed, f.reply_hours)
    IS DISTINCT FROM (excluded.city, excluded.city_slug, excluded.state_code, excluded.venue_type, excluded.capacity,
      excluded.day_rate, excluded.genres, excluded.amenities, excluded.latitude, excluded.longitude, excluded.claimed, excluded.reply_hours);
  RETURN NULL;
END
$$;
