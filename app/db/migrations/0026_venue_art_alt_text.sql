-- Venue art is drawn per venue type now (app/lib/venue-scenes.ts), in evening, day or night light
-- by the photo's number, so the alt text stored with generated photos (/art/venue/<type>/<id>-<n>.svg)
-- is rewritten to say what is drawn. The sentences are those of SCENE_DESCRIPTIONS when this was
-- written (tests/unit/cover-art.test.ts checks they still match); uploaded photos are left alone.
UPDATE venues SET photos = (
  SELECT jsonb_agg(
    CASE WHEN photo->>'url' ~ '^/art/venue/[a-z]+/[0-9a-f]{24}-[1-9]\.svg$' THEN jsonb_set(photo, '{alt}', to_jsonb(
      'Drawing of ' ||
      CASE substring(photo->>'url' from '^/art/venue/([a-z]+)/')
        WHEN 'club' THEN 'a club stage with drums and amps under a mirror ball'
        WHEN 'bar' THEN 'a bar counter with stools and bottles, and a corner stage'
        WHEN 'theater' THEN 'a theater’s proscenium stage with red curtains and seats'
        WHEN 'ballroom' THEN 'a ballroom with chandeliers, arched windows and a dance floor'
        WHEN 'arena' THEN 'an arena bowl of tiered seats around a floodlit stage'
        WHEN 'amphitheater' THEN 'an open-air amphitheater with a shell stage and terraces'
        WHEN 'brewery' THEN 'a brewery taproom with steel tanks behind long tables'
        WHEN 'gallery' THEN 'a gallery’s white walls hung with framed pictures'
        WHEN 'church' THEN 'a church nave with pews and stained-glass windows'
        WHEN 'warehouse' THEN 'a warehouse floor under steel roof trusses and lamps'
        WHEN 'outdoor' THEN 'an outdoor stage with speaker towers on a lawn by trees'
        WHEN 'hotel' THEN 'a hotel ballroom with round tables and chandeliers'
        ELSE 'a venue'
      END || ', ' ||
      CASE (substring(photo->>'url' from '-([1-9])\.svg$')::int - 1) % 3 WHEN 0 THEN 'in the evening' WHEN 1 THEN 'by day' ELSE 'at night' END
    )) ELSE photo END
    ORDER BY position
  )
  FROM jsonb_array_elements(venues.photos) WITH ORDINALITY AS listed_photos(photo, position)
)
WHERE jsonb_typeof(photos) = 'array' AND jsonb_array_length(photos) > 0 AND photos::text LIKE '%/art/venue/%';
