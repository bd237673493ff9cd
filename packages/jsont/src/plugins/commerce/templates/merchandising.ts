// JSON-T sources of the restock-notification forms and scarcity messages. Nodes: views/merchandising.ts.
export const RESTOCK_NOTIFICATION = `{.repeated section views}<div class="product-restock-notification" data-product-id="{productIdAttr}" data-variant-id="{variantIdAttr}"{.if hidden} hidden{.end}>
  <span class="product-restock-cta">{ctaHtml}</span>
  <form class="product-restock-form" action="#">
    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="{placeholderAttr}">
    <input class="sqs-editable-button" type="submit" value="{buttonAttr}">
  </form>
{.if mailingList}  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"{.if optIn} checked{.end}>{mailingListHtml}</label>{.end}
{.if captcha}  <div class="captcha-container"{.section captchaAttrs} data-captcha data-site-key="{siteKey}" data-provider="{provider}"{.if challengeUrl} data-challenge-url="{challengeUrl}"{.end}{.end}></div>{.end}
</div>{.alternates with}

{.end}`

export const SCARCITY = `{.repeated section views}
  <div class="product-scarcity"{.section attributesAttr} data-variant-attributes="{@}" hidden{.end}>
    {textHtml}
  </div>
{.end}`
