-- Jara schema. Money columns are integer kobo (*_kobo); times are timestamptz.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  password_hash text,
  google_sub text UNIQUE,
  role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer','vendor','rider','support','admin')),
  chat_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions(user_id);

CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets(user_id);

CREATE TABLE categories (
  path text PRIMARY KEY,
  text text NOT NULL UNIQUE,
  image text NOT NULL,
  bg_color text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE vendors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid UNIQUE REFERENCES users(id) ON DELETE SET NULL,
  business_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('food','goods')),
  phone text NOT NULL,
  address text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  profile_photo text NOT NULL,
  opening_hours jsonb NOT NULL,
  is_open boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
  rejection_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  vendor_id uuid NOT NULL REFERENCES vendors(id),
  category text NOT NULL REFERENCES categories(path),
  name text NOT NULL,
  description text[] NOT NULL DEFAULT '{}',
  images text[] NOT NULL DEFAULT '{}',
  weight text,
  in_stock boolean NOT NULL DEFAULT true,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_vendor_idx ON products(vendor_id);
CREATE INDEX products_category_idx ON products(category);

CREATE TABLE product_options (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  name text NOT NULL,
  price_kobo integer NOT NULL CHECK (price_kobo > 0),
  offer_price_kobo integer CHECK (offer_price_kobo IS NULL OR offer_price_kobo > 0),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX product_options_product_idx ON product_options(product_id);

CREATE TABLE cart_items (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  option_id uuid NOT NULL REFERENCES product_options(id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  PRIMARY KEY (user_id, product_id, option_id)
);

CREATE TABLE wish_list_items (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id)
);

CREATE TABLE addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  address text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  zipcode text NOT NULL,
  country text NOT NULL,
  phone text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_idx ON addresses(user_id);

CREATE TABLE places (
  place_id text PRIMARY KEY,
  display_name text NOT NULL,
  street text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  kind text NOT NULL DEFAULT 'place',
  source text NOT NULL DEFAULT 'curated'
);
CREATE INDEX places_display_trgm ON places USING gin (lower(display_name) gin_trgm_ops);

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  address_id uuid REFERENCES addresses(id),
  address jsonb NOT NULL,
  items_kobo integer NOT NULL,
  delivery_fee_kobo integer NOT NULL,
  service_fee_kobo integer NOT NULL,
  amount_kobo integer NOT NULL,
  payment_state text NOT NULL DEFAULT 'awaiting' CHECK (payment_state IN ('awaiting','paid','failed','abandoned')),
  paid_at timestamptz,
  delivery_code text,
  rider_id uuid REFERENCES users(id),
  code_attempts integer NOT NULL DEFAULT 0,
  locked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_idx ON orders(user_id, created_at DESC);

CREATE TABLE order_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id),
  option_id uuid NOT NULL REFERENCES product_options(id),
  vendor_id uuid NOT NULL REFERENCES vendors(id),
  product_name text NOT NULL,
  option_name text NOT NULL,
  image text,
  unit_price_kobo integer NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  status text NOT NULL DEFAULT 'Order Placed',
  cancel_reason text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_items_order_idx ON order_items(order_id);
CREATE INDEX order_items_vendor_idx ON order_items(vendor_id);

CREATE TABLE dispatches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id),
  pickup_address_id uuid REFERENCES addresses(id),
  pickup jsonb NOT NULL,
  dropoff jsonb NOT NULL,
  delivery_note text NOT NULL DEFAULT '',
  is_express boolean NOT NULL DEFAULT false,
  delivery_fee_kobo integer NOT NULL,
  service_fee_kobo integer NOT NULL,
  amount_kobo integer NOT NULL,
  payment_state text NOT NULL DEFAULT 'awaiting' CHECK (payment_state IN ('awaiting','paid','failed','abandoned')),
  status text NOT NULL DEFAULT 'Order Placed',
  paid_at timestamptz,
  delivery_code text,
  rider_id uuid REFERENCES users(id),
  code_attempts integer NOT NULL DEFAULT 0,
  locked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dispatches_user_idx ON dispatches(user_id, created_at DESC);

CREATE TABLE status_events (
  id bigserial PRIMARY KEY,
  subject_type text NOT NULL CHECK (subject_type IN ('order','order_item','dispatch')),
  subject_id uuid NOT NULL,
  status text NOT NULL,
  actor_id uuid,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX status_events_subject_idx ON status_events(subject_id);

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users(id),
  purpose text NOT NULL CHECK (purpose IN ('order','dispatch')),
  subject_id uuid NOT NULL,
  amount_kobo integer NOT NULL,
  currency text NOT NULL DEFAULT 'NGN',
  provider text NOT NULL,
  state text NOT NULL DEFAULT 'awaiting' CHECK (state IN ('awaiting','paid','failed','abandoned')),
  refunded_kobo integer NOT NULL DEFAULT 0,
  provider_data jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE INDEX payments_subject_idx ON payments(subject_id);

CREATE TABLE refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payment_id uuid NOT NULL REFERENCES payments(id),
  amount_kobo integer NOT NULL CHECK (amount_kobo > 0),
  reason text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','processed','failed')),
  provider_ref text,
  created_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);

CREATE TABLE webhook_events (
  id bigserial PRIMARY KEY,
  provider text NOT NULL,
  event text,
  reference text,
  outcome text NOT NULL,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chats (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open','resolved')),
  last_message_at timestamptz NOT NULL DEFAULT now(),
  last_customer_email_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chat_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  sender_id uuid NOT NULL REFERENCES users(id),
  sender_name text NOT NULL,
  body text NOT NULL DEFAULT '',
  media_key text,
  media_type text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_chat_idx ON chat_messages(chat_id, created_at DESC, id DESC);

CREATE TABLE chat_reads (
  chat_id uuid NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  last_read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chat_id, user_id)
);

CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  attachment_key text,
  attachment_type text,
  replied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 8,
  last_error text,
  locked_until timestamptz,
  done_at timestamptz,
  failed_at timestamptz,
  dedupe_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_due_idx ON jobs(run_at) WHERE done_at IS NULL AND failed_at IS NULL;

CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE newsletter_subscribers (
  email text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE riders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  phone text NOT NULL,
  date_of_birth date NOT NULL,
  vehicle text NOT NULL CHECK (vehicle IN ('bicycle','motorcycle','on foot')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
  rejection_reason text,
  is_online boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
