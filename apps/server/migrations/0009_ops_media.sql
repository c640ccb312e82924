-- Media in PostgreSQL (STORAGE_DRIVER=postgres, the default with DATABASE_URL), so every instance
-- serves every upload and generated image with nothing more to run. A file is kept in chunks of
-- at most 256 KiB so it can be streamed and served in byte ranges without holding it in memory.
CREATE TABLE IF NOT EXISTS media_objects (
  key text PRIMARY KEY,
  size bigint NOT NULL,
  -- The same ETag the server has always sent: "<base64 SHA-1 of the bytes>".
  etag text NOT NULL,
  content_type text NOT NULL,
  chunk_size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS media_chunks (
  key text NOT NULL REFERENCES media_objects(key) ON DELETE CASCADE,
  n integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (key, n)
);
-- Images and videos are compressed already: skip PostgreSQL's attempt to compress them again.
ALTER TABLE media_chunks ALTER COLUMN data SET STORAGE EXTERNAL;
