-- Search's default order (docs/search.md, 'The default order'): venues carry a score from how
-- complete the listing is, how the venue replies (its own share answered and median reply, now
-- measured per venue) and its accepted bookings of the last year, and the search projection
-- copies it with a (score, id) btree, so the unfiltered first page is one backward index walk.
-- The trigger function of migrations 0016, 0020, 0023 and 0025 now copies search_score too.
ALTER TABLE "venue_facets" ADD COLUMN "search_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "reply_rate" integer;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "recent_bookings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "search_score" integer GENERATED ALWAYS AS ((
  (case when jsonb_array_length(photos) >= 3 then 10 when jsonb_array_length(photos) >= 1 then 5 else 0 end)
  + (case when char_length(description) >= 200 then 10 when char_length(description) >= 40 then 5 else 0 end)
  + (case when stage_width is not null then 4 else 0 end)
  + (case when coalesce(pa_backline, '') <> '' then 4 else 0 end)
  + (case when coalesce(load_in, '') <> '' then 3 else 0 end)
  + (case when curfew is not null then 3 else 0 end)
  + (case when age_policy is not null then 2 else 0 end)
  + (case when cardinality(deal_types) > 0 then 2 else 0 end)
  + (case when cardinality(accessibility) > 0 then 2 else 0 end)
  + (case when claimed and reply_considered >= 3 then
      coalesce(reply_rate, 0) / 5
      + (case when reply_hours is null then 0 when reply_hours <= 2 then 20 when reply_hours <= 12 then 15
              when reply_hours <= 24 then 10 when reply_hours <= 72 then 5 else 0 end)
    else 0 end)
  + least(recent_bookings, 10) * 2
)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "venue_facets_score_idx" ON "venue_facets" USING btree ("search_score","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION venues_sync_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO venue_facets AS f (id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude, claimed, reply_hours,
    age_policy, deal_types, accessibility, search_score)
  SELECT id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude, claimed, reply_hours,
    age_policy, deal_types, accessibility, search_score
  FROM new_rows
  ON CONFLICT (id) DO UPDATE SET
    city = excluded.city, city_slug = excluded.city_slug, state_code = excluded.state_code,
    venue_type = excluded.venue_type, capacity = excluded.capacity, day_rate = excluded.day_rate,
    genres = excluded.genres, amenities = excluded.amenities, latitude = excluded.latitude, longitude = excluded.longitude,
    claimed = excluded.claimed, reply_hours = excluded.reply_hours,
    age_policy = excluded.age_policy, deal_types = excluded.deal_types, accessibility = excluded.accessibility,
    search_score = excluded.search_score
  WHERE (f.city, f.city_slug, f.state_code, f.venue_type, f.capacity, f.day_rate, f.genres, f.amenities, f.latitude, f.longitude, f.claimed, f.reply_hours,
      f.age_policy, f.deal_types, f.accessibility, f.search_score)
    IS DISTINCT FROM (excluded.city, excluded.city_slug, excluded.state_code, excluded.venue_type, excluded.capacity,
      excluded.day_rate, excluded.genres, excluded.amenities, excluded.latitude, excluded.longitude, excluded.claimed, excluded.reply_hours,
      excluded.age_policy, excluded.deal_types, excluded.accessibility, excluded.search_score);
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "venue_facets" f SET "search_score" = v."search_score" FROM "venues" v WHERE v.id = f.id AND f."search_score" IS DISTINCT FROM v."search_score";
