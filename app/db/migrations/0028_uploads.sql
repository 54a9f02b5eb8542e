-- Uploaded files move into the database (app/services/storage.server.ts), so every host serves
-- them and a backup of the database holds them. The size and the SHA-256 (the ETag) are computed
-- from the bytes; the bytes are stored uncompressed (WebP does not compress), out of line.
-- Files still under DATA_DIR/uploads are moved by `npm run uploads:migrate`.
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"body" bytea NOT NULL,
	"size" integer GENERATED ALWAYS AS (octet_length(body)) STORED NOT NULL,
	"sha256" text GENERATED ALWAYS AS (encode(sha256(body), 'hex')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_key_check" CHECK ("uploads"."key" ~ '^[a-z0-9][a-z0-9/_-]*\.(webp|jpg|png)$' and "uploads"."key" not like '%..%' and length("uploads"."key") <= 200),
	CONSTRAINT "uploads_content_type_check" CHECK ("uploads"."content_type" in ('image/webp', 'image/jpeg', 'image/png')),
	CONSTRAINT "uploads_size_check" CHECK (octet_length("uploads"."body") between 1 and 10485760)
);
--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "body" SET STORAGE EXTERNAL;
