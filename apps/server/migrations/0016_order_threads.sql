-- Order threads (issue 29): a conversation per order or dispatch joining its customer, the vendors
-- of its items, its rider and (once asked) support. They share the support chat's tables: `kind`
-- tells them apart, `subject_id` is the order or dispatch. Support conversations stay one per
-- customer; threads one per subject.
ALTER TABLE chats ADD COLUMN kind text NOT NULL DEFAULT 'support'
  CHECK (kind IN ('support', 'order', 'dispatch'));
ALTER TABLE chats ADD COLUMN subject_id uuid;
-- When the customer asked support into the thread (it then shows in the support inbox).
ALTER TABLE chats ADD COLUMN help_at timestamptz;
ALTER TABLE chats ADD CONSTRAINT chats_subject_check CHECK ((kind = 'support') = (subject_id IS NULL));
ALTER TABLE chats DROP CONSTRAINT chats_customer_id_key;
CREATE UNIQUE INDEX chats_support_customer_idx ON chats(customer_id) WHERE kind = 'support';
CREATE UNIQUE INDEX chats_subject_idx ON chats(kind, subject_id) WHERE kind <> 'support';

-- Who takes part in a thread, for each person's list of threads. Access itself is decided from the
-- order or dispatch on every call (a rider replaced loses it at once); this is the index of it,
-- brought up to date whenever the thread is opened or written in.
CREATE TABLE chat_members (
  chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('customer', 'vendor', 'rider')),
  PRIMARY KEY (chat_id, user_id)
);
CREATE INDEX chat_members_user_idx ON chat_members(user_id);
