/**
 * Every public error code the API answers with, in `{ success: false, message, code }`: the
 * message is for people, the code for programs (the web app, scripts, monitoring). The server can
 * only throw a code listed here (its AppError takes an ErrorCode), and an error answer's schema
 * (ErrorAnswer) takes no other. A code is never renamed; a new meaning gets a new code.
 */
export const ERROR_CODES = {
  // Requests
  bad_request: { status: 400, meaning: 'The request cannot be understood.' },
  validation_failed: { status: 400, meaning: 'A field is missing or wrong; the message names the first problem.' },
  invalid_json: { status: 400, meaning: 'The body is not valid JSON.' },
  empty_body: { status: 400, meaning: 'A JSON body was announced but none came.' },
  too_large: { status: 413, meaning: 'The body or file is larger than the route accepts.' },
  unsupported_media_type: { status: 415, meaning: 'The content type is not one the route takes.' },
  field_too_long: { status: 400, meaning: 'A text field of a form upload is too long.' },
  too_many_parts: { status: 400, meaning: 'A form upload has more parts than allowed.' },
  not_multipart: { status: 400, meaning: 'The route takes a form upload (multipart).' },
  // Who is asking
  unauthorized: { status: 401, meaning: 'Not logged in, or the session has ended.' },
  forbidden: { status: 403, meaning: 'Logged in, but this account may not do that.' },
  bad_origin: { status: 403, meaning: 'A state-changing request from another site.' },
  missing_signature: { status: 401, meaning: 'A payment webhook without its signature header.' },
  bad_signature: { status: 401, meaning: 'A payment webhook whose signature does not match its bytes.' },
  malformed: { status: 400, meaning: 'A payment webhook whose body is not an event.' },
  wrong_password: { status: 400, meaning: 'The current password given is not right.' },
  email_taken: { status: 409, meaning: 'An account with this email exists.' },
  no_account: { status: 409, meaning: 'The application has no account to grant the role to.' },
  invalid_reset_token: { status: 400, meaning: 'The password-reset link is wrong, used or expired.' },
  google_disabled: { status: 400, meaning: 'Google sign-in is not configured here.' },
  last_role: { status: 409, meaning: 'An account keeps at least one role.' },
  rate_limited: { status: 429, meaning: 'Too many requests; wait and try again.' },
  // Things
  not_found: { status: 404, meaning: 'No such thing, or not yours.' },
  conflict: { status: 409, meaning: 'The change conflicts with the current state.' },
  // Catalogue and uploads
  category_in_use: { status: 409, meaning: 'The category still has products.' },
  invalid_category: { status: 400, meaning: 'No such category.' },
  duplicate_category: { status: 409, meaning: 'A category with this name exists.' },
  invalid_option: { status: 400, meaning: 'No such option of this product.' },
  option_mismatch: { status: 400, meaning: 'The option belongs to another product.' },
  option_in_orders: { status: 409, meaning: 'The option is in past orders and cannot be removed.' },
  product_unavailable: { status: 400, meaning: 'The product was removed.' },
  out_of_stock: { status: 400, meaning: 'The product is out of stock.' },
  bad_quantity: { status: 400, meaning: 'A quantity is not a whole number in range.' },
  invalid_image: { status: 400, meaning: 'The image is not one of the accepted kinds.' },
  bad_image: { status: 400, meaning: 'The file is not an image that can be used (JPEG, PNG, WebP, GIF).' },
  unreadable_image: { status: 400, meaning: 'The image file cannot be read.' },
  duplicate_image: { status: 400, meaning: 'The same image was given twice.' },
  invalid_photo: { status: 400, meaning: 'The photo is not one of the accepted kinds.' },
  unsupported_media: { status: 400, meaning: 'The attachment is not an accepted image, video or PDF.' },
  file_too_large: { status: 413, meaning: 'The file is larger than allowed.' },
  no_file: { status: 400, meaning: 'The upload carries no file.' },
  // Addresses and places
  outside_service_area: { status: 400, meaning: 'The address is outside the delivery area.' },
  unknown_place: { status: 400, meaning: 'The picked place is not in the gazetteer.' },
  invalid_place: { status: 400, meaning: 'The shop’s place is not in the gazetteer.' },
  address_not_picked: { status: 400, meaning: 'The address was typed, not picked from the suggestions.' },
  pin_outside_area: { status: 400, meaning: 'The address’s map pin is outside the delivery area.' },
  pin_too_far: { status: 400, meaning: 'The address’s map pin is too far from the place picked (door-pin.ts).' },
  too_many_addresses: { status: 409, meaning: 'The address book is full.' },
  invalid_pickup: { status: 400, meaning: 'The pick-up address is not one of the sender’s.' },
  // Orders, dispatch and payment
  vendor_closed: { status: 400, meaning: 'A vendor in the cart is closed now.' },
  vendor_mismatch: { status: 400, meaning: 'The item belongs to another vendor.' },
  unknown_vendor: { status: 400, meaning: 'No such vendor.' },
  outside_delivery_hours: { status: 400, meaning: 'Deliveries do not run at this hour.' },
  order_too_large: { status: 400, meaning: 'The order is larger than allowed.' },
  price_changed: { status: 409, meaning: 'A price changed since the cart was shown; check the total again.' },
  nothing_to_pay: { status: 400, meaning: 'Nothing to pay out yet.' },
  invalid_amount: { status: 400, meaning: 'The amount is not allowed.' },
  not_paid: { status: 409, meaning: 'The order or dispatch is not paid.' },
  invalid_status: { status: 409, meaning: 'The change is not allowed in the current status.' },
  cancel_not_allowed: { status: 409, meaning: 'This order can no longer be cancelled.' },
  cancel_window_passed: { status: 409, meaning: 'The cancellation window has passed.' },
  already_cancelled: { status: 409, meaning: 'Already cancelled.' },
  payment_unavailable: { status: 502, meaning: 'The payment provider could not be reached.' },
  payment_not_started: { status: 503, meaning: 'The payment could not be started; try again.' },
  payment_missing: { status: 500, meaning: 'A paid record has no payment (an internal fault).' },
  still_waiting: { status: 409, meaning: 'The rider must wait longer before reporting the customer absent.' },
  nothing_to_refund: { status: 400, meaning: 'Nothing is left to refund.' },
  already_refunded: { status: 409, meaning: 'Already refunded.' },
  refund_exceeds_payment: { status: 409, meaning: 'A refund larger than what was paid.' },
  nothing_to_confirm: { status: 409, meaning: 'No items of this vendor wait for confirmation.' },
  nothing_to_decline: { status: 409, meaning: 'No items of this vendor can be declined.' },
  // Riders and delivery
  no_approved_application: { status: 409, meaning: 'The application is not approved.' },
  already_applied: { status: 409, meaning: 'An application exists.' },
  offline: { status: 409, meaning: 'The rider is offline; go online to take jobs.' },
  busy: { status: 409, meaning: 'The rider already has an active job.' },
  job_taken: { status: 409, meaning: 'Another rider took the job.' },
  job_locked: { status: 423, meaning: 'Too many wrong codes; the job is locked for a while.' },
  wrong_code: { status: 400, meaning: 'The delivery code is not right.' },
  not_arrived: { status: 409, meaning: 'The rider has not marked arrival yet.' },
  already_reported: { status: 409, meaning: 'The customer’s absence was already reported.' },
  not_delivered: { status: 409, meaning: 'Not delivered yet.' },
  already_rated: { status: 409, meaning: 'Already rated.' },
  already_reviewed: { status: 409, meaning: 'The application was already approved or rejected.' },
  no_active_job: { status: 409, meaning: 'The rider has no delivery under way to share a position for.' },
  position_outside_area: { status: 400, meaning: 'The position is outside the service area.' },
  position_in_future: { status: 400, meaning: 'The position is stamped too far ahead of the server’s clock.' },
  no_position: { status: 404, meaning: 'No recent position: the delivery is not under way or the rider went quiet.' },
  delivery_over: { status: 404, meaning: 'The delivery was delivered or cancelled: its map is closed.' },
  // Chat, support, push
  empty_message: { status: 400, meaning: 'The message has no text and no attachment.' },
  chat_required: { status: 400, meaning: 'The reply names no conversation.' },
  thread_closed: { status: 409, meaning: 'The order thread became read-only 7 days after delivery.' },
  not_an_image: { status: 400, meaning: 'An order thread takes photos only: the file is not an image.' },
  push_endpoint_not_allowed: { status: 400, meaning: 'The push endpoint is not a known push service.' },
  // Disputes
  window_over: { status: 409, meaning: 'The dispute window after delivery has ended.' },
  dispute_open: { status: 409, meaning: 'The order already has an open dispute.' },
  dispute_settled: { status: 409, meaning: 'The dispute was settled already.' },
  no_item: { status: 400, meaning: 'The item named is not in the order.' },
  too_much: { status: 400, meaning: 'The amount is more than what remains paid for the order.' },
  vendor_of_item: { status: 400, meaning: 'A refund borne by a vendor of an order of several shops needs the item.' },
  no_rider: { status: 400, meaning: 'A refund borne by the rider of an order no rider carried.' },
  // Orders for later
  slot_past: { status: 400, meaning: 'The delivery slot chosen has already started.' },
  slot_unavailable: { status: 400, meaning: "The cart's shops cannot deliver in that slot (hours, preparation time)." },
  slot_full: { status: 409, meaning: 'A shop of the cart has no room left in that delivery slot.' },
  not_offered_yet: { status: 409, meaning: 'An order for later reaches riders shortly before its pickup time.' },
  // The service
  database_unavailable: { status: 503, meaning: 'The database cannot be reached; try again in a minute.' },
  not_ready: { status: 503, meaning: 'The instance cannot serve yet (/api/ready).' },
  internal_error: { status: 500, meaning: 'Something went wrong; logged with the request id.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes answered with HTTP status S (the server's error helpers take only these). */
export type ErrorCodeWithStatus<S extends number> = {
  [K in ErrorCode]: (typeof ERROR_CODES)[K]['status'] extends S ? K : never;
}[ErrorCode];
