-- Verified accounts (issue 32, decision 0050). An account's email is verified when its owner
-- enters the code mailed to it; its phone (optional) when the code texted to it is entered.
-- Existing accounts stay unverified (the demo seed marks its own accounts verified).
--
-- `phone` is the verified number (E.164, +234…) and is set together with `phone_verified_at`: a
-- number being verified lives only in its code's row. One person is one verified phone: no two
-- accounts hold the same verified number. `verified_student`: the verified email is on one of
-- STUDENT_EMAIL_DOMAINS, judged when the email is verified and again at each start (the list
-- may change), so a reader needs no configuration.
ALTER TABLE users
  ADD COLUMN email_verified_at timestamptz,
  ADD COLUMN phone text,
  ADD COLUMN phone_verified_at timestamptz,
  ADD COLUMN verified_student boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT users_phone_verified CHECK ((phone IS NULL) = (phone_verified_at IS NULL)),
  ADD CONSTRAINT users_student_verified CHECK (NOT verified_student OR email_verified_at IS NOT NULL);
CREATE UNIQUE INDEX users_verified_phone_idx ON users(phone) WHERE phone_verified_at IS NOT NULL;

-- Codes sent to verify an email or a phone (owned by the auth module). Only a hash of the code is
-- kept; a code is good for 15 minutes and five wrong tries; a newer code, a right one, or the
-- fifth wrong one ends it (`ended_at`). The rows sent in the last hour are the resend limit.
CREATE TABLE verification_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'phone')),
  target text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_user_idx ON verification_codes(user_id, channel, created_at);

-- Each verification and each revocation by an admin (owned by the auth module).
CREATE TABLE verification_events (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('email_verified', 'phone_verified', 'revoked')),
  detail text,
  actor_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_events_user_idx ON verification_events(user_id, created_at);

-- Text messages the app sent (the infrastructure's, like mail_outbox): the sandbox SMS driver
-- keeps each here instead of sending it; the admin's outbox shows them beside the mail.
CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  to_number text NOT NULL,
  body text NOT NULL,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
