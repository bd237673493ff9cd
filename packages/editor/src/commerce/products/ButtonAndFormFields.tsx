// The add-to-cart button: custom text, and an additional-fields form shoppers fill in when adding to cart.
import { useEffect, useState } from 'react'
import { CheckboxField, SelectField, TextField } from '../../ui/fields.js'
import { useCommerce } from '../context.js'
import type { FormSummary } from '../api.js'
import { BUTTON_TEXT_MAX, type FieldErrors } from './draft.js'

interface Props {
  useCustomAddButtonText: boolean
  customAddButtonText: string
  additionalFieldsFormId: string | null
  errors: FieldErrors
  onCustom(on: boolean): void
  onText(text: string): void
  onForm(id: string | null): void
}

export function ButtonAndFormFields(props: Props) {
  const { api } = useCommerce()
  const [forms, setForms] = useState<FormSummary[] | null>(null)
  const [formsError, setFormsError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void api.forms().then((res) => {
      if (!live) return
      if (res.ok) setForms(res.data)
      else setFormsError(res.error.status === 404 ? 'No forms are available yet.' : res.error.message)
    })
    return () => {
      live = false
    }
  }, [api])

  const current = props.additionalFieldsFormId
  const list = forms ?? []
  const options = [
    { value: '', label: 'None' },
    ...list.map((f) => ({ value: f.id, label: f.name })),
    ...(current && !list.some((f) => f.id === current) ? [{ value: current, label: `Form ${current}` }] : []),
  ]
  return (
    <fieldset className="button-fields">
      <legend>Add-to-cart button</legend>
      <CheckboxField
        name="useCustomAddButtonText"
        label="Use custom button text"
        checked={props.useCustomAddButtonText}
        onChange={props.onCustom}
        error={props.errors.useCustomAddButtonText}
      />
      {props.useCustomAddButtonText && (
        <TextField
          name="customAddButtonText"
          label="Button text"
          value={props.customAddButtonText}
          maxLength={BUTTON_TEXT_MAX}
          onChange={props.onText}
          error={props.errors.customAddButtonText}
        />
      )}
      <SelectField
        name="additionalFieldsFormId"
        label="Additional fields form"
        value={current ?? ''}
        options={options}
        onChange={(v) => props.onForm(v || null)}
        error={props.errors.additionalFieldsFormId}
        hint={formsError ?? 'Shoppers fill in this form when they add the product to the cart.'}
      />
    </fieldset>
  )
}
