-- What the public catalogue shows (products, their options, vendors, categories, banners) and the
-- gazetteer (places) are answered from memory (modules/catalog/snapshot.ts, decision 0011). Every
-- statement that writes one of those tables bumps its section's revision here, in the writer's
-- own transaction, so no write path (service, CLI, seed, a future one) can forget to; instances
-- compare the revision with the one their snapshot was built from.
-- (NOTIFY within a transaction is delivered at commit, once per distinct payload.)
CREATE TABLE catalogue_revisions (
  section text PRIMARY KEY,
  rev bigint NOT NULL DEFAULT 0
);
INSERT INTO catalogue_revisions (section) VALUES ('catalogue'), ('places');

CREATE FUNCTION bump_catalogue_revision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next bigint;
BEGIN
  UPDATE catalogue_revisions SET rev = rev + 1 WHERE section = TG_ARGV[0] RETURNING rev INTO next;
  -- Delivered at commit to listeners (the embedded database's own process hears it at once).
  PERFORM pg_notify('catalogue_revision', TG_ARGV[0] || ' ' || next);
  RETURN NULL;
END;
$$;

CREATE TRIGGER products_catalogue_rev AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision('catalogue');
CREATE TRIGGER product_options_catalogue_rev AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_options
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision('catalogue');
CREATE TRIGGER vendors_catalogue_rev AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendors
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision('catalogue');
CREATE TRIGGER categories_catalogue_rev AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision('catalogue');
CREATE TRIGGER banners_catalogue_rev AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision('catalogue');
CREATE TRIGGER places_catalogue_rev AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON places
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision('places');
