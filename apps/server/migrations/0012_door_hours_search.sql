-- Addresses down to the door: the known place used for the map, then block, floor, room and a landmark.
ALTER TABLE addresses ADD COLUMN place_id text;
ALTER TABLE addresses ADD COLUMN place_name text;
ALTER TABLE addresses ADD COLUMN block text NOT NULL DEFAULT '';
ALTER TABLE addresses ADD COLUMN floor text NOT NULL DEFAULT '';
ALTER TABLE addresses ADD COLUMN room text NOT NULL DEFAULT '';
ALTER TABLE addresses ADD COLUMN landmark text NOT NULL DEFAULT '';

-- A note for the rider and the vendors, given at checkout (dispatches already have one).
ALTER TABLE orders ADD COLUMN delivery_note text NOT NULL DEFAULT '';

-- Halls and hostels list their blocks or wings where known.
ALTER TABLE places ADD COLUMN blocks text[] NOT NULL DEFAULT '{}';

-- Search that forgives typos: trigram indexes on the names people type.
CREATE INDEX IF NOT EXISTS products_name_trgm ON products USING gin (lower(name) gin_trgm_ops);
CREATE INDEX IF NOT EXISTS vendors_name_trgm ON vendors USING gin (lower(business_name) gin_trgm_ops);
