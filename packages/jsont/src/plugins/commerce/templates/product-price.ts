// JSON-T sources of the price displays. Their node is a PriceView (views/price.ts): pre-rendered, escaped markup.
const body = `{.section unavailable}{@}
{.or}{.section from}{@}
{.or}{.section sale}<span class="visually-hidden v6-visually-hidden">{saleLabel}</span>{@} <span class="visually-hidden v6-visually-hidden">{originalLabel}</span><span class="original-price">{original}</span>
{.or}{single}{.end}{.end}{.end}
</div>`

export const PRODUCT_PRICE = `<div class="product-price">
${body}`

export const SUBSCRIPTION_PRICE = `<div class="subscription-price">
${body}`
