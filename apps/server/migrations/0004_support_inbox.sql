-- Support inbox: replies to contact-form messages, and indexes for the inbox and media checks.
ALTER TABLE contact_messages ADD COLUMN reply_text text;
ALTER TABLE contact_messages ADD COLUMN replied_by uuid REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX contact_messages_created_idx ON contact_messages(created_at DESC);
CREATE INDEX chats_last_message_idx ON chats(last_message_at DESC);
CREATE INDEX chat_messages_media_idx ON chat_messages(media_key) WHERE media_key IS NOT NULL;
