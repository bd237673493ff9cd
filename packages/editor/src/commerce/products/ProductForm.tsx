// The product editor form: type, title, slug, status, description (rich text: the text blocks' Tiptap editor),
// images, options and the variants matrix (or gift-card denominations), digital file, button text and
// additional-fields form, subscription plan; search and sharing (SEO title, description, social image); shipping
// weight and dimensions; tags and categories.
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react'
import { useUnsavedChanges } from '../../app/navigation.js'
import { SelectField, TextField } from '../../ui/fields.js'
import { toMinor } from '../money.js'
import {
  hasOptions, isProductType, PRODUCT_TYPE_LABELS, PRODUCT_TYPE_OPTIONS, PRODUCT_TYPES, stockEditable,
} from '../productTypes.js'
import { PRODUCT_STATUSES, type ProductStatus } from '@sitewright/contracts'
import { ErrorSummary, TextAreaField } from '../ui.js'
import { usableOptions } from '../variants.js'
import { ButtonAndFormFields } from './ButtonAndFormFields.js'
import { readDraft, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, TITLE_MAX, withOptions, withType, type FieldErrors, type ProductDraft, type ReadResult } from './draft.js'
import { GiftCardDenominations } from './GiftCardDenominations.js'
import { ImagesField } from './ImagesField.js'
import { OptionsEditor } from './OptionsEditor.js'
import { SubscriptionFields } from './SubscriptionFields.js'
import { VariantsTable } from './VariantsTable.js'

// Tiptap loads with the form's description only (its own chunk, shared with the text blocks).
const RichTextEditor = lazy(() => import('../../editor/blocks/editors/TextBlockEditor.js').then((m) => ({ default: m.RichTextEditor })))

export interface SaveOutcome {
  ok: boolean
  message?: string
  fields?: Record<string, string>
}

interface Props {
  initial: ProductDraft
  isNew: boolean
  /** Shows 'Product saved' (the form was re-created from the product the server answered). */
  justSaved?: boolean
  currency: string
  save(read: Extract<ReadResult, { ok: true }>): Promise<SaveOutcome>
  onDelete?(): void
}

/** Field names shown under a field of this form; anything else is listed in the alert. */
export function isPlacedField(name: string): boolean {
  return /^(title|urlId|description|excerpt|status|productType|imageIds|customAddButtonText|useCustomAddButtonText|additionalFieldsFormId|isSubscribable|digitalAssetUrl|variants|variantOptions|seoTitle|seoDescription|socialImageId|weight|dimensions|tags|categories)$/.test(name) ||
    /^(weight|dimensions)\./.test(name) ||
    /^subscriptionPlan(\.|$)/.test(name) ||
    /^variants\.\d+\.(sku|priceCents|salePriceCents|qtyInStock)$/.test(name) ||
    /^variantOptions\.\d+(\.(name|values))?$/.test(name)
}

export function ProductForm({ initial, isNew, justSaved, currency, save, onDelete }: Props) {
  const [saved, setSaved] = useState(initial)
  const [d, setDraft] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [alert, setAlert] = useState<{ message: string; fields: Record<string, string> } | null>(null)
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>(justSaved ? 'saved' : 'idle')
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(d), [saved, d])
  useUnsavedChanges(dirty)

  const set = (patch: Partial<ProductDraft>, clear: string[] = []) => {
    setDraft((x) => ({ ...x, ...patch }))
    if (clear.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.includes(k))))
    setStatus('idle')
  }
  const t = d.productType
  const optionNames = usableOptions(d.options).map((o) => o.name)
  const firstPrice = d.variants.map((v) => toMinor(v.onSale ? v.salePrice : v.price, currency)).find((m) => m.ok)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setAlert(null)
    const read = readDraft(d, currency)
    if (!read.ok) {
      setErrors(read.errors)
      setAlert({ message: 'Please correct the highlighted fields.', fields: {} })
      return
    }
    setErrors({})
    setStatus('saving')
    const out = await save(read)
    if (!out.ok) {
      setStatus('idle')
      const fields = out.fields ?? {}
      setErrors(fields)
      setAlert({
        message: out.message ?? 'Something went wrong',
        fields: Object.fromEntries(Object.entries(fields).filter(([k]) => !isPlacedField(k))),
      })
      return
    }
    setSaved(d)
    setStatus('saved')
  }

  return (
    <form className="product-form" onSubmit={onSubmit} noValidate aria-busy={status === 'saving'}>
      <ErrorSummary message={alert?.message ?? null} fields={alert?.fields} />
      <fieldset>
        <legend>Product</legend>
        {isNew ? (
          <SelectField
            name="productType"
            label="Product type"
            value={String(t)}
            options={PRODUCT_TYPE_OPTIONS}
            onChange={(v) => {
              const n = Number(v)
              if (isProductType(n)) setDraft((x) => withType(x, n))
            }}
            error={errors.productType}
          />
        ) : (
          <p>
            Type: <strong>{PRODUCT_TYPE_LABELS[t]}</strong>
          </p>
        )}
        <TextField name="title" label="Title" value={d.title} maxLength={TITLE_MAX} onChange={(v) => set({ title: v }, ['title'])} error={errors.title} />
        <TextField name="urlId" label="URL slug" value={d.urlId} onChange={(v) => set({ urlId: v }, ['urlId'])} error={errors.urlId} hint={isNew ? 'Leave empty to make one from the title.' : undefined} />
        <SelectField
          name="status"
          label="Status"
          value={d.status}
          options={PRODUCT_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
          onChange={(v) => set({ status: v as ProductStatus }, ['status'])}
          error={errors.status}
        />
        <div className={`field${errors.description ? ' has-error' : ''}`}>
          <span className="label" id="product-description-label">
            Description
          </span>
          <Suspense fallback={<p role="status">Loading the text editor…</p>}>
            <RichTextEditor html={d.description} label="Description" onChange={(html) => set({ description: html }, ['description'])} />
          </Suspense>
          {errors.description && (
            <p className="field-error" data-field-error>
              {errors.description}
            </p>
          )}
        </div>
      </fieldset>
      <ImagesField imageIds={d.imageIds} error={errors.imageIds} onChange={(imageIds) => set({ imageIds }, ['imageIds'])} />
      <fieldset className="seo-fields">
        <legend>Search and sharing</legend>
        <TextField
          name="seoTitle"
          label="SEO title"
          value={d.seoTitle}
          maxLength={SEO_TITLE_MAX}
          onChange={(v) => set({ seoTitle: v }, ['seoTitle'])}
          error={errors.seoTitle}
          hint={`The page title in search results and browser tabs (${d.seoTitle.length}/${SEO_TITLE_MAX}). Empty: the product title.`}
        />
        <TextAreaField name="seoDescription" label="SEO description" value={d.seoDescription} rows={3} maxLength={SEO_DESCRIPTION_MAX} onChange={(v) => set({ seoDescription: v }, ['seoDescription'])} error={errors.seoDescription} />
        <ImagesField
          legend="Social image"
          max={1}
          hint="Shown when the page is shared; empty: the main image."
          imageIds={d.socialImageId ? [d.socialImageId] : []}
          error={errors.socialImageId}
          onChange={(ids) => set({ socialImageId: ids[0] ?? null }, ['socialImageId'])}
        />
      </fieldset>
      {t === PRODUCT_TYPES.PHYSICAL && (
        <fieldset className="shipping-fields">
          <legend>Shipping</legend>
          <div className="field-row">
            <TextField name="weight" label="Weight" inputMode="decimal" value={d.weight} onChange={(v) => set({ weight: v }, ['weight', 'weight.value'])} error={errors.weight ?? errors['weight.value']} />
            <SelectField name="weightUnit" label="Unit" value={d.weightUnit} options={(['kg', 'g', 'lb', 'oz'] as const).map((u) => ({ value: u, label: u }))} onChange={(v) => set({ weightUnit: v as ProductDraft['weightUnit'] })} />
          </div>
          <div className="field-row">
            {(['length', 'width', 'height'] as const).map((k) => (
              <TextField key={k} name={k} label={k[0]!.toUpperCase() + k.slice(1)} inputMode="decimal" value={d[k]} onChange={(v) => set({ [k]: v }, [`dimensions.${k}`, 'dimensions'])} error={errors[`dimensions.${k}`]} />
            ))}
            <SelectField name="dimensionUnit" label="Unit" value={d.dimensionUnit} options={(['cm', 'in'] as const).map((u) => ({ value: u, label: u }))} onChange={(v) => set({ dimensionUnit: v as ProductDraft['dimensionUnit'] })} />
          </div>
          {errors.dimensions && (
            <p className="field-error" data-field-error>
              {errors.dimensions}
            </p>
          )}
        </fieldset>
      )}
      <fieldset className="taxonomy-fields">
        <legend>Tags and categories</legend>
        <TextField name="tags" label="Tags" value={d.tags} onChange={(v) => set({ tags: v }, ['tags'])} error={errors.tags} hint="Separate with commas." />
        <TextField name="categories" label="Categories" value={d.categories} onChange={(v) => set({ categories: v }, ['categories'])} error={errors.categories} hint="Separate with commas." />
      </fieldset>
      {hasOptions(t) && (
        <OptionsEditor
          options={d.options}
          errors={errors}
          onCommit={(options) => {
            const r = withOptions(d, options)
            setDraft(r.draft)
            setErrors((e) => {
              const rest = Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('variantOptions')))
              return r.error ? { ...rest, variantOptions: r.error } : rest
            })
          }}
        />
      )}
      {t === PRODUCT_TYPES.GIFT_CARD ? (
        <GiftCardDenominations variants={d.variants} currency={currency} errors={errors} onChange={(variants) => set({ variants })} />
      ) : (
        <fieldset>
          <legend>{hasOptions(t) ? 'Variants' : 'Price'}</legend>
          <VariantsTable variants={d.variants} optionNames={optionNames} currency={currency} stock={stockEditable(t)} errors={errors} onChange={(variants) => set({ variants })} />
        </fieldset>
      )}
      {t === PRODUCT_TYPES.DIGITAL && (
        <TextField name="digitalAssetUrl" label="Download file address" value={d.digitalAssetUrl} onChange={(v) => set({ digitalAssetUrl: v }, ['digitalAssetUrl'])} error={errors.digitalAssetUrl} hint="Buyers get a download link to this file after purchase." />
      )}
      <ButtonAndFormFields
        useCustomAddButtonText={d.useCustomAddButtonText}
        customAddButtonText={d.customAddButtonText}
        additionalFieldsFormId={d.additionalFieldsFormId}
        errors={errors}
        onCustom={(on) => set({ useCustomAddButtonText: on }, ['customAddButtonText'])}
        onText={(v) => set({ customAddButtonText: v }, ['customAddButtonText'])}
        onForm={(id) => set({ additionalFieldsFormId: id }, ['additionalFieldsFormId'])}
      />
      <SubscriptionFields
        productType={t}
        isSubscribable={d.isSubscribable}
        plan={d.plan}
        priceCents={firstPrice?.ok ? firstPrice.minor : null}
        currency={currency}
        errors={errors}
        onSubscribable={(on) => set({ isSubscribable: on }, ['isSubscribable', 'subscriptionPlan'])}
        onPlan={(plan) => set({ plan })}
      />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={status === 'saving' || (!dirty && !isNew)}>
          {status === 'saving' ? 'Saving…' : isNew ? 'Create product' : 'Save'}
        </button>
        {onDelete && (
          <button type="button" className="button danger" onClick={onDelete} disabled={status === 'saving'}>
            Delete product
          </button>
        )}
        <p className="save-status" role="status" aria-live="polite">
          {status === 'saved' ? 'Product saved' : dirty ? 'Unsaved changes' : ''}
        </p>
      </div>
    </form>
  )
}
