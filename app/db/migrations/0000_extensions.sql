-- Extensions every later migration relies on. All four are trusted extensions on PostgreSQL 13+
-- and ship with the embedded PostgreSQL's binaries (docs/configuration.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
