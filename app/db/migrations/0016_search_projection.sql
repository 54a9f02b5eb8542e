-- The search projection (decision 018): venue_facets holds, per venue, only the columns that
-- searches without free text filter and sort on. Statement-level triggers with transition tables
-- keep it equal to venues: one set-based upsert per INSERT or UPDATE statement on venues (seeding
-- 100,000 venues in batches costs one extra statement per batch); an update that changes none of
-- its columns writes nothing. Deleting a venue deletes its row (ON DELETE CASCADE).
CREATE TABLE "venue_facets" (
	"id" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"city_slug" text NOT NULL,
	"state_code" text NOT NULL,
	"venue_type" text NOT NULL,
	"capacity" integer NOT NULL,
	"day_rate" integer NOT NULL,
	"genres" text[] NOT NULL,
	"amenities" text[] NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venue_facets" ADD CONSTRAINT "venue_facets_id_venues_id_fk" FOREIGN KEY ("id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION venues_sync_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO venue_facets AS f (id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude)
  SELECT id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude
  FROM new_rows
  ON CONFLICT (id) DO UPDATE SET
    city = excluded.city, city_slug = excluded.city_slug, state_code = excluded.state_code,
    venue_type = excluded.venue_type, capacity = excluded.capacity, day_rate = excluded.day_rate,
    genres = excluded.genres, amenities = excluded.amenities, latitude = excluded.latitude, longitude = excluded.longitude
  WHERE (f.city, f.city_slug, f.state_code, f.venue_type, f.capacity, f.day_rate, f.genres, f.amenities, f.latitude, f.longitude)
    IS DISTINCT FROM (excluded.city, excluded.city_slug, excluded.state_code, excluded.venue_type, excluded.capacity,
      excluded.day_rate, excluded.genres, excluded.amenities, excluded.latitude, excluded.longitude);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER venues_facets_insert AFTER INSERT ON venues
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION venues_sync_facets();--> statement-breakpoint
CREATE TRIGGER venues_facets_update AFTER UPDATE ON venues
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION venues_sync_facets();--> statement-breakpoint
INSERT INTO venue_facets (id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude)
SELECT id, city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude FROM venues;--> statement-breakpoint
CREATE INDEX "venue_facets_city_idx" ON "venue_facets" USING btree ("city_slug","id");--> statement-breakpoint
CREATE INDEX "venue_facets_state_idx" ON "venue_facets" USING btree ("state_code","id");--> statement-breakpoint
CREATE INDEX "venue_facets_type_idx" ON "venue_facets" USING btree ("venue_type","id");--> statement-breakpoint
CREATE INDEX "venue_facets_capacity_idx" ON "venue_facets" USING btree ("capacity","id");--> statement-breakpoint
CREATE INDEX "venue_facets_day_rate_idx" ON "venue_facets" USING btree ("day_rate","id");--> statement-breakpoint
CREATE INDEX "venue_facets_tags_idx" ON "venue_facets" USING gin ("genres","amenities");--> statement-breakpoint
CREATE INDEX "venue_facets_earth_idx" ON "venue_facets" USING gist (ll_to_earth("latitude", "longitude"));