-- A gift card bought in an order remembers the order entry it came from: that entry keeps the recipient's name,
-- email and the buyer's message, so the recipient's mail can be sent when the card is issued. An order whose
-- payment awaits confirmation issues its cards only once the payment is confirmed (a card is never usable before
-- its order is paid). Cards issued by the owner have no entry.
ALTER TABLE commerce_gift_cards ADD COLUMN entry_id text;
