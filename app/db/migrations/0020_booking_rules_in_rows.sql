-- Rules about rows that drizzle-kit cannot write from the schema (docs/decisions/022-bookings-keep-promises.md).
--
-- 1. The search projection learns `claimed`, so search can keep to venues that answer on
--    Stagepass without reading the wide venues rows: the trigger function of migration 0016 now
--    copies it too (an update that changes none of the copied columns still writes nothing).
UPDATE venue_facets f SET claimed = v.claimed FROM venues v WHERE v.id = f.id AND f.claimed IS DISTINCT FROM v.claimed;--> statement-breakpoint
CREATE OR REPLACE FUNCTION venues_sync_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO venue_facets AS f (id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude, claimed)
  SELECT id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude, claimed
  FROM new_rows
  ON CONFLICT (id) DO UPDATE SET
    city = excluded.city, city_slug = excluded.city_slug, state_code = excluded.state_code,
    venue_type = excluded.venue_type, capacity = excluded.capacity, day_rate = excluded.day_rate,
    genres = excluded.genres, amenities = excluded.amenities, latitude = excluded.latitude, longitude = excluded.longitude,
    claimed = excluded.claimed
  WHERE (f.city, f.city_slug, f.state_code, f.venue_type, f.capacity, f.day_rate, f.genres, f.amenities, f.latitude, f.longitude, f.claimed)
    IS DISTINCT FROM (excluded.city, excluded.city_slug, excluded.state_code, excluded.venue_type, excluded.capacity,
      excluded.day_rate, excluded.genres, excluded.amenities, excluded.latitude, excluded.longitude, excluded.claimed);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- 2. A conversation counts against a plan from its first message: existing ones from theirs.
UPDATE conversations c SET first_message_at = m.first_at
FROM (SELECT conversation_id, min(created_at) AS first_at FROM messages GROUP BY conversation_id) m
WHERE m.conversation_id = c.id;--> statement-breakpoint
-- 3. One request per organizer, venue and night. Requests already doubled are settled first,
--    in order of precedence (an accepted booking, then the earliest request): a later request that
--    overlaps one kept before it is cancelled, with a timeline entry saying why.
DO $$
DECLARE
  r record;
  reason constant text := 'A second request for the same venue and night by the same organizer: the first one stands.';
BEGIN
  FOR r IN
    SELECT b.id FROM bookings b
    WHERE b.status IN ('pending', 'accepted') AND EXISTS (
      SELECT 1 FROM bookings o
      WHERE o.organizer_id = b.organizer_id AND o.venue_id = b.venue_id AND o.id <> b.id
        AND o.status IN ('pending', 'accepted') AND o.during && b.during)
    ORDER BY (b.status = 'accepted') DESC, b.id
  LOOP
    UPDATE bookings b SET status = 'cancelled', cancel_reason = reason, hold_expires_at = NULL
    WHERE b.id = r.id AND b.status = 'pending' AND EXISTS (
      SELECT 1 FROM bookings o
      WHERE o.organizer_id = b.organizer_id AND o.venue_id = b.venue_id AND o.id <> b.id AND o.during && b.during
        AND (o.status = 'accepted' OR (o.status = 'pending' AND o.id < b.id)));
    IF FOUND THEN
      INSERT INTO booking_events (id, booking_id, actor_id, kind, note)
      -- An id of createId's shape (db/ids.ts): 12 hex of epoch milliseconds, then 12 random hex.
      VALUES (lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || substr(md5(random()::text || r.id), 1, 12),
        r.id, NULL, 'cancelled', reason);
    END IF;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_one_per_organizer"
  EXCLUDE USING gist ("organizer_id" WITH =, "venue_id" WITH =, "during" WITH &&) WHERE ("status" IN ('pending', 'accepted'));
