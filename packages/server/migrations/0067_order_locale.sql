-- Languages (issue 37): the shopper's locale an order was placed in (its confirmation page and mails use it);
-- null: the site's default locale.
ALTER TABLE commerce_orders ADD COLUMN locale text;
