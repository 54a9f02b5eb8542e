-- The marketplace's core rule, held by the database rather than by code: two accepted bookings
-- of one venue never share a date. btree_gist (migration 0000) lets `venue_id WITH =` sit in a
-- GiST exclusion constraint beside the date range. Pending holds may overlap freely; only the
-- accepted ones are excluded. A violation is SQLSTATE 23P01, which the bookings service maps to a
-- 409 'That date was just booked by someone else.'
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_double_booking"
  EXCLUDE USING gist ("venue_id" WITH =, "during" WITH &&) WHERE ("status" = 'accepted');
