-- Gift-card reminders (issue 40): whether the buyer agreed to the card's reminders on the gift-card page (its
-- reminderConsent box, carried by the cart entry through checkout to the card): true, false (refused), or null (not
-- asked: owner-issued cards, or a page without the box), when the country's rules decide. Cards bought before this
-- migration take the answer their order entry carries.
ALTER TABLE commerce_gift_cards ADD COLUMN reminder_consent boolean;
UPDATE commerce_gift_cards g SET reminder_consent = (e.value -> 'additionalFields' ->> 'reminderConsent') = 'true'
  FROM commerce_orders o, jsonb_array_elements(o.entries) AS e(value)
  WHERE o.id = g.order_id AND e.value ->> 'entryId' = g.entry_id
    AND jsonb_typeof(e.value -> 'additionalFields') = 'object' AND (e.value -> 'additionalFields') ? 'reminderConsent';
