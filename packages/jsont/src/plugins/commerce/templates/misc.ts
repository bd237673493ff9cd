// JSON-T sources of the small commerce snippets.
export const QUICK_VIEW = `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="{idAttr}" data-group="{groupAttr}">{textHtml}</span>`

/** Variant selectors, quantity input and add-to-cart button, as the product page lays them out. */
export const PRODUCT_CHECKOUT = `{variants}






{quantity}






{button}`

export const CART_QUANTITY = `<span class="sqs-cart-quantity">{quantity}</span>`
