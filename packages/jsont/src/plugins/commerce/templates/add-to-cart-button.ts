// JSON-T source of the add-to-cart button. Its node is the view of views/button.ts: every value is already
// escaped for where it goes (…Attr for attributes, …Html for text).
export const ADD_TO_CART_BUTTON = `<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">
  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary {.if useForm}use-form{.end}" role="button" tabindex="0" data-dynamic-strings data-collection-id="{collectionIdAttr}" data-item-id="{itemIdAttr}" data-product-type="{productTypeAttr}" data-use-custom-label="{useCustomLabelAttr}"{.if isSubscription} data-is-subscription="true"{.end} data-original-label="{labelAttr}" {.section formAttr}data-form="{@}"{.end}{.section subscriptionOptionIdAttr}{.if formAttr} {.end}data-subscription-option-id="{@}"{.end}>
    <div class="sqs-add-to-cart-button-inner">{labelHtml}</div>
  </div>
</div>`
