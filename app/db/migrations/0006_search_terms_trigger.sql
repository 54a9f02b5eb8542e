-- The search vocabulary (search_terms) follows the venues table: every statement that inserts or
-- updates venues adds the new rows' words. A statement-level trigger with a transition table
-- does one insert per statement, so seeding 1,000 venues in one INSERT costs one extra INSERT.
CREATE OR REPLACE FUNCTION venues_collect_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT DISTINCT word
  FROM new_rows,
    unnest(tsvector_to_array(to_tsvector('simple',
      new_rows.name || ' ' || new_rows.city || ' ' || new_rows.venue_type || ' ' || new_rows.description))) AS word
  WHERE length(word) BETWEEN 3 AND 32 AND word ~ '^[a-z]'
  ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER venues_search_terms_insert AFTER INSERT ON venues
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION venues_collect_search_terms();--> statement-breakpoint
CREATE TRIGGER venues_search_terms_update AFTER UPDATE ON venues
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION venues_collect_search_terms();--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT word
FROM venues,
  unnest(tsvector_to_array(to_tsvector('simple',
    venues.name || ' ' || venues.city || ' ' || venues.venue_type || ' ' || venues.description))) AS word
WHERE length(word) BETWEEN 3 AND 32 AND word ~ '^[a-z]'
ON CONFLICT (term) DO NOTHING;
