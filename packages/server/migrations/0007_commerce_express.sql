-- Express checkout: with it on, the add-to-cart button reads 'Purchase' and goes straight to checkout
-- (websiteSettings.storeSettings.expressCheckout). Orders may now be placed as 'pending' (payment awaiting
-- confirmation, ORDER_RECEIVED 207): the status column already allows it.

ALTER TABLE commerce_store_settings ADD COLUMN express_checkout boolean NOT NULL DEFAULT false;
