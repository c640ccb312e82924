-- Tracking and web push: the browsers' push subscriptions of each user, and a small settings
-- table for values every instance must share (the VAPID key pair, made once at first start).
-- Status history needs nothing new: status_events already records every change with who and when.

CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions(user_id);

-- The timeline reads a subject's events in order.
CREATE INDEX status_events_subject_time_idx ON status_events(subject_id, created_at, id);
