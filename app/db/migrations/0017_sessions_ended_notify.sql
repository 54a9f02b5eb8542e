-- A session row that goes (sign-out, a password change or reset, an account disabled or deleted,
-- the expiry sweep) is announced on the realtime channel, so every app instance closes the
-- websockets opened with it within moments (app/realtime/hub.server.ts). A statement trigger, so
-- no way of deleting sessions, cascades included, can forget to tell the sockets; PostgreSQL sends
-- the NOTIFY only if the deleting transaction commits. Ids go 100 to a payload (about 2.8 kB),
-- well under NOTIFY's 8000-byte limit however many rows one statement deletes.
CREATE OR REPLACE FUNCTION sessions_notify_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch record;
BEGIN
  FOR batch IN
    SELECT json_agg(id) AS ids
    FROM (SELECT id, (row_number() OVER ()) / 100 AS chunk FROM ended) numbered
    GROUP BY chunk
  LOOP
    PERFORM pg_notify('stagepass_realtime', json_build_object('type', 'session-ended', 'sessionIds', batch.ids)::text);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_ended AFTER DELETE ON sessions REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify_ended();
