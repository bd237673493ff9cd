// The translatable fields of the objects besides pages: collection items (posts, events, gallery images), products,
// forms and the site's header and footer texts. Each kind names its fields; the object is looked up through a port
// (this domain never reads another domain's tables), HTML is sanitized with the content domain's rule.
import {
  FORM_FIELD_TRANSLATABLE_PROPS, FORM_TRANSLATABLE_FIELDS, ITEM_TRANSLATABLE_FIELDS, PRODUCT_TRANSLATABLE_FIELDS, SITE_TRANSLATABLE_FIELDS, plainTextToHtml, type TranslationKind,
} from '@sitewright/contracts'
import { AppError } from '../../platform/errors.js'

/** What this domain needs to know of the objects it translates (from their domains, through the wiring). */
export interface ObjectPorts {
  /** True when the item is one of the site's. */
  item(siteId: string, itemId: string): Promise<boolean>
  /** The product's variant option names, or null when the site has no such product. */
  product(siteId: string, productId: string): Promise<{ optionNames: string[] } | null>
  /** The form's field ids, or null when the site has no such form. */
  form(siteId: string, formId: string): Promise<{ fieldIds: string[] } | null>
  /** Sanitizes owner HTML (the content domain's rule for a text block). */
  sanitizeHtml(html: string): string
}

/** The kinds translated here (the page has its own rules: blocks and slugs). */
export type ObjectKind = Exclude<TranslationKind, 'page'>

const MAX_TEXT = 100_000
const ITEM: ReadonlySet<string> = new Set(ITEM_TRANSLATABLE_FIELDS)
const PRODUCT: ReadonlySet<string> = new Set(PRODUCT_TRANSLATABLE_FIELDS)
const FORM: ReadonlySet<string> = new Set(FORM_TRANSLATABLE_FIELDS)
const FORM_PROPS: ReadonlySet<string> = new Set(FORM_FIELD_TRANSLATABLE_PROPS)
const SITE: ReadonlySet<string> = new Set(SITE_TRANSLATABLE_FIELDS)

export const invalidField = (field: string, message: string) => new AppError('invalid_data', 'translation_invalid', message, { fields: { [field]: message } })

const NOT_FOUND: Record<ObjectKind, [string, string]> = {
  item: ['item_not_found', 'No such item on this site.'],
  product: ['product_not_found', 'No such product on this site.'],
  form: ['form_not_found', 'No such form on this site.'],
  site: ['site_not_found', 'No such site.'],
}

/** A checker of one object's fields: the normalized value of `field`, or a typed 400. Throws 404 when there is no such object. */
export async function objectChecker(kind: ObjectKind, siteId: string, objectId: string, ports: ObjectPorts): Promise<(field: string, value: string) => string> {
  const missing = () => new AppError('not_found', NOT_FOUND[kind][0], NOT_FOUND[kind][1])
  const html = (v: string) => ports.sanitizeHtml(v)
  const text = (v: string) => v.trim()
  const limit = (field: string, value: string) => {
    if (value.length > MAX_TEXT) throw invalidField(field, `Use at most ${MAX_TEXT} characters.`)
  }
  switch (kind) {
    case 'item': {
      if (!(await ports.item(siteId, objectId))) throw missing()
      return (field, value) => {
        limit(field, value)
        if (!ITEM.has(field)) throw invalidField(field, `${field} is not a translatable field of an item. Translate ${ITEM_TRANSLATABLE_FIELDS.join(', ')}.`)
        return field === 'title' ? text(value) : html(value)
      }
    }
    case 'product': {
      const p = await ports.product(siteId, objectId)
      if (!p) throw missing()
      return (field, value) => {
        limit(field, value)
        if (field.startsWith('option.')) {
          if (!p.optionNames.includes(field.slice(7))) throw invalidField(field, `This product has no option named ${field.slice(7)}.`)
          return text(value)
        }
        if (!PRODUCT.has(field)) throw invalidField(field, `${field} is not a translatable field of a product. Translate ${PRODUCT_TRANSLATABLE_FIELDS.join(', ')} or option.<name>.`)
        // a description in plain text becomes paragraphs, like a plain product description
        if (field === 'description') return /<[a-z!/]/i.test(value) ? html(value) : plainTextToHtml(value)
        return text(value)
      }
    }
    case 'form': {
      const f = await ports.form(siteId, objectId)
      if (!f) throw missing()
      return (field, value) => {
        limit(field, value)
        const dot = field.indexOf('.')
        if (dot > 0) {
          if (!f.fieldIds.includes(field.slice(0, dot))) throw invalidField(field, `This form has no field ${field.slice(0, dot)}.`)
          if (!FORM_PROPS.has(field.slice(dot + 1))) throw invalidField(field, `A form field translates ${FORM_FIELD_TRANSLATABLE_PROPS.join(', ')}.`)
          return text(value)
        }
        if (!FORM.has(field)) throw invalidField(field, `${field} is not a translatable text of a form. Translate ${FORM_TRANSLATABLE_FIELDS.join(', ')} or <fieldId>.<prop>.`)
        return text(value)
      }
    }
    case 'site':
      return (field, value) => {
        limit(field, value)
        if (!SITE.has(field)) throw invalidField(field, `${field} is not a translatable site text. Translate ${SITE_TRANSLATABLE_FIELDS.join(', ')}.`)
        return text(value)
      }
  }
}
