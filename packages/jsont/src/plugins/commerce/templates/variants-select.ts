// JSON-T source of the variant selectors: per option a dropdown and a radio group. Node: views/variants.ts.
export const VARIANTS_SELECT = `<div class="product-variants" data-item-id="{itemIdAttr}" data-variants="{variantsAttr}"{.if isSubscribable} data-is-subscribable="true" data-subscription-plan="{subscriptionPlanAttr}"{.end} data-animation-role="content">
{.repeated section options}    <div class="variant-option">
    <div class="variant-option-title">{titleHtml}: </div>
    <div class="variant-select-wrapper">
      <select aria-label="{selectAriaAttr}" data-variant-option-name="{nameAttr}">
        <option value="">{selectHtml}</option>
        {.repeated section values}<option value="{valueAttr}">{valueHtml}</option>{.end}
      </select>
    </div>
    <div class="variant-radiobtn-wrapper" data-variant-option-name="{nameAttr}">
{.repeated section values}      <input type="radio" class="variant-radiobtn" value="{valueAttr}" name="variant-option-{nameAttr}" id="variant-option-{nameAttr}-{valueAttr}"/>
      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-{nameAttr}-{valueAttr}">{valueHtml}</label>
{.end}    </div>
    </div>
{.end}  </div>`
