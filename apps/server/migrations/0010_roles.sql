-- Roles become capabilities: one account may be customer, vendor and rider at once.
-- Vendors and riders keep shopping (they are customers too); staff accounts keep their one role.
ALTER TABLE users ADD COLUMN roles text[] NOT NULL DEFAULT ARRAY['customer']::text[];
UPDATE users SET roles = CASE
  WHEN role IN ('vendor', 'rider') THEN ARRAY['customer', role]
  ELSE ARRAY[role]
END;
ALTER TABLE users DROP COLUMN role;
ALTER TABLE users ADD CONSTRAINT users_roles_known
  CHECK (roles <@ ARRAY['customer','vendor','rider','support','admin']::text[] AND cardinality(roles) >= 1);
CREATE INDEX users_roles_idx ON users USING gin (roles);
