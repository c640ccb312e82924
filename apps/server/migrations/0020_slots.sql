-- Orders for later (issue 31, decision 0047): an order may be for a 30-minute delivery slot
-- starting at `deliver_from`; its shops start preparing at `prepare_at` (the slot's start less the
-- ride and the longest preparation time, fixed at checkout). Both null: as soon as possible.
ALTER TABLE orders ADD COLUMN deliver_from timestamptz;
ALTER TABLE orders ADD COLUMN prepare_at timestamptz;
ALTER TABLE orders ADD CONSTRAINT orders_slot_check CHECK ((deliver_from IS NULL) = (prepare_at IS NULL));
CREATE INDEX orders_deliver_from_idx ON orders(deliver_from) WHERE deliver_from IS NOT NULL;

-- How many orders a shop takes per slot (its kitchen's size), set in the seller portal.
ALTER TABLE vendors ADD COLUMN slot_capacity integer NOT NULL DEFAULT 10 CHECK (slot_capacity BETWEEN 1 AND 100);
