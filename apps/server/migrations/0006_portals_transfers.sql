-- Payouts are paid by a bank transfer through the payment provider (sandbox or Paystack):
-- the account it goes to, the provider's recipient and transfer codes, and a 'processing' state
-- between the transfer being sent and the provider's transfer.success / failed webhook.
ALTER TABLE payouts ADD COLUMN account_name text;
ALTER TABLE payouts ADD COLUMN account_number text;
ALTER TABLE payouts ADD COLUMN bank_code text;
ALTER TABLE payouts ADD COLUMN recipient_code text;
ALTER TABLE payouts ADD COLUMN transfer_code text;
ALTER TABLE payouts DROP CONSTRAINT payouts_state_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_state_check CHECK (state IN ('scheduled','processing','paid','failed'));
