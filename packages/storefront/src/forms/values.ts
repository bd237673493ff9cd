// Field value rules of site forms: what each field kind sends, read from the rendered field.
// address, date, name, time: part lists; phone: parts, with an empty first part added when only 3; checkbox:
// checked values; radio: the first checked; select: the selected value; likert: question -> checked value;
// hidden: the URL query value of the same name, else its own value; others: the element value; section: skipped.

export type FieldValue = string | string[] | Record<string, string>

const PART_KINDS = new Set(['address', 'date', 'name', 'time', 'phone'])

function inputs(el: ParentNode, selector = 'input, select, textarea'): (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] {
  return [...el.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(selector)]
}

function checked(el: ParentNode, type: 'checkbox' | 'radio'): string[] {
  return inputs(el, `input[type="${type}"]`)
    .filter((i) => (i as HTMLInputElement).checked)
    .map((i) => i.value)
}

/** The value of one field element (`[data-field-id]`); undefined for sections. */
export function fieldValue(el: Element, search: string): FieldValue | undefined {
  const type = el.getAttribute('data-field-type') ?? 'text'
  if (type === 'section') return undefined
  if (type === 'hidden') {
    const input = el as HTMLInputElement
    const fromQuery = new URLSearchParams(search).get(input.name)
    return fromQuery ?? input.value
  }
  if (PART_KINDS.has(type)) {
    const parts = inputs(el, '[data-part-name]').map((i) => i.value)
    if (type === 'phone' && parts.length === 3) parts.unshift('')
    return parts
  }
  if (type === 'checkbox') return checked(el, 'checkbox')
  if (type === 'radio') return checked(el, 'radio')[0] ?? ''
  if (type === 'likert') {
    const out: Record<string, string> = {}
    for (const q of el.querySelectorAll<HTMLElement>('[data-question]')) {
      const answer = checked(q, 'radio')[0]
      if (answer !== undefined) out[q.getAttribute('data-question') ?? ''] = answer
    }
    return out
  }
  const element = inputs(el)[0]
  return element ? element.value : ''
}

/** Every field of a form: field id -> value (sections skipped). */
export function formValues(form: ParentNode, search: string): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {}
  for (const el of form.querySelectorAll('[data-field-id]')) {
    const v = fieldValue(el, search)
    if (v !== undefined) out[el.getAttribute('data-field-id')!] = v
  }
  return out
}
