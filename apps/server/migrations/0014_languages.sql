-- The language an account is written to in (issue 27): emails and pushes are composed in it.
-- English (Nigeria) by default; set at sign-up from the request's language, changed by the user.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pcm'));

-- The language a contact-form message was written in: the reply to a sender without an account
-- is written in it.
ALTER TABLE contact_messages ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'pcm'));
