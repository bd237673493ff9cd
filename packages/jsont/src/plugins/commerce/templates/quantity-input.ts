// JSON-T source of the quantity input (number, min 1, max 9999, step 1, default 1). Node: views/quantity.ts.
export const QUANTITY_INPUT = `<div class="product-quantity-input" data-item-id="{itemIdAttr}" data-animation-role="content">
  <div class="quantity-label">{labelHtml}</div>
  <input aria-label="{ariaLabelAttr}" size="4" max="{max}" min="{min}" value="{value}" type="number" step="{step}"></input>
</div>`
