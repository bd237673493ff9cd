// JSON-T source of the product mark (sold out, else sale). Node: { soldOutHtml?, saleHtml? }.
export const PRODUCT_STATUS = `{.section soldOutHtml}<div class="product-mark sold-out">{@}</div>{.or}{.section saleHtml}<div class="product-mark sale">{@}</div>{.end}{.end}`
