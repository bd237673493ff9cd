// Editors of the button, chart, summary, product, form, newsletter, map and social-links blocks.
import { useEffect, useState } from 'react'
import { createApiClient } from '../../../api/client.js'
import { createMailingApi } from '../../../api/mailing.js'
import type { Item } from '../../../api/content.js'
import { ChartDataEditor } from '../../../dialogs/chart/ChartDataEditor.js'
import type { ChartData } from '../../../dialogs/chart/chart.js'
import { MailingListDialog } from '../../../dialogs/mailing/MailingListDialog.js'
import { connectionSummary, type MailingConnection } from '../../../dialogs/mailing/mailing.js'
import { useServices } from '../../../services/services.js'
import { SelectField } from '../../../ui/fields.js'
import { LineField, NumberField } from '../../../ui/moreFields.js'
import { useCollections } from '../../page/linkTargets.js'
import { FIELD_SPECS } from '../fieldSpecs.js'
import { FieldsEditor } from './FieldsEditor.js'
import { LinkField } from './LinkField.js'
import type { BlockEditorProps } from './types.js'
import { UNABLE_TO_LOAD_RESULTS, UNABLE_TO_LOAD_RETRY } from '../../../ui/loadErrors.js'

export function ButtonBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  return (
    <>
      <FieldsEditor fields={FIELD_SPECS.button!} value={block.value} onChange={onChange} onSet={onSet} />
      <LinkField url={String(block.value.url ?? '')} newWindow={block.value.newWindow === true} onSet={(url, newWindow) => onSet({ url, newWindow })} />
    </>
  )
}

export function ChartBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  return (
    <>
      <FieldsEditor fields={FIELD_SPECS.chart!} value={block.value} onChange={onChange} onSet={onSet} />
      <ChartDataEditor key={block.id} value={block.value as Partial<ChartData>} onApply={(data) => onSet({ ...data })} />
    </>
  )
}

export function SummaryBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  const collections = useCollections().filter((c) => ['blog', 'events', 'gallery', 'products'].includes(c.typeName))
  return (
    <>
      <SelectField
        name="collectionId"
        label="Collection"
        value={String(block.value.collectionId ?? '')}
        options={[{ value: '', label: 'Choose a collection…' }, ...collections.map((c) => ({ value: c.id, label: c.title }))]}
        onChange={(v) => onSet({ collectionId: v })}
      />
      <FieldsEditor fields={FIELD_SPECS.summary!} value={block.value} onChange={onChange} onSet={onSet} />
    </>
  )
}

export function ProductBlockEditor({ block, onSet }: BlockEditorProps) {
  const { content, siteId } = useServices()
  const collections = useCollections()
  const storeIds = collections.filter((c) => c.typeName === 'products').map((c) => c.id).join()
  const [products, setProducts] = useState<Item[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void Promise.all(storeIds.split(',').filter(Boolean).map((id) => content.items(siteId, id))).then((all) => {
      if (!live) return
      if (all.some((r) => !r.ok)) return setError(UNABLE_TO_LOAD_RESULTS)
      setProducts(all.flatMap((r) => (r.ok ? r.data.items : [])))
    })
    return () => {
      live = false
    }
  }, [content, siteId, storeIds])
  if (error) return <p role="alert" className="alert">{error}</p>
  return (
    <SelectField
      name="productId"
      label="Product"
      value={String(block.value.productId ?? '')}
      options={[{ value: '', label: products ? 'Choose a product…' : 'Loading…' }, ...(products ?? []).map((p) => ({ value: p.id, label: p.title }))]}
      onChange={(v) => onSet({ productId: v, collectionId: products?.find((p) => p.id === v)?.collectionId ?? '' })}
    />
  )
}

function useForms(): { id: string; name: string }[] | null {
  const { siteId } = useServices()
  const [forms, setForms] = useState<{ id: string; name: string }[] | null>(null)
  useEffect(() => {
    let live = true
    void createApiClient()
      .get<{ forms: { id: string; name: string }[] }>(`/api/sites/${encodeURIComponent(siteId)}/forms`)
      .then((r) => live && setForms(r.ok && Array.isArray(r.data.forms) ? r.data.forms : null))
    return () => {
      live = false
    }
  }, [siteId])
  return forms
}

function FormPicker({ value, onSet }: { value: string; onSet(formId: string): void }) {
  const forms = useForms()
  if (!forms) return <LineField label="Form id" value={value} onChange={onSet} />
  return (
    <SelectField name="formId" label="Form" value={value} options={[{ value: '', label: 'Choose a form…' }, ...forms.map((f) => ({ value: f.id, label: f.name }))]} onChange={onSet} />
  )
}

export function FormBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  return (
    <>
      <FormPicker value={String(block.value.formId ?? '')} onSet={(formId) => onSet({ formId })} />
      <FieldsEditor fields={FIELD_SPECS.form!} value={block.value} onChange={onChange} onSet={onSet} />
    </>
  )
}

export function NewsletterBlockEditor({ block, onChange, onSet }: BlockEditorProps) {
  const formId = String(block.value.formId ?? '')
  return (
    <>
      <FormPicker value={formId} onSet={(id) => onSet({ formId: id })} />
      <FieldsEditor fields={FIELD_SPECS.newsletter!} value={block.value} onChange={onChange} onSet={onSet} />
      {formId && <MailingListButton formId={formId} />}
    </>
  )
}

function MailingListButton({ formId }: { formId: string }) {
  const { siteId } = useServices()
  const [data, setData] = useState<{ lists: { id: string; name: string }[]; connection: MailingConnection | null } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const api = createMailingApi()
  async function openDialog() {
    setError(null)
    const r = await api.get(siteId, formId)
    if (!r.ok) return setError(r.error.status === 404 ? UNABLE_TO_LOAD_RETRY : r.error.message)
    setData(r.data)
    setOpen(true)
  }
  return (
    <div className="field">
      <span className="label">Mailing list</span> {data?.connection ? connectionSummary(data.connection) : 'Not connected'}{' '}
      <button type="button" className="button secondary small" onClick={() => void openDialog()}>
        Mailing list…
      </button>
      {error && <p role="alert" className="field-error">{error}</p>}
      {open && data && (
        <MailingListDialog
          connection={data.connection}
          lists={data.lists}
          onClose={() => setOpen(false)}
          onChange={async (connection) => {
            const r = await api.set(siteId, formId, connection)
            if (!r.ok) setError(r.error.message)
            else setData({ ...data, connection: r.data.connection })
          }}
        />
      )}
    </div>
  )
}

export function MapBlockEditor({ block, onChange }: BlockEditorProps) {
  const loc = (block.value.location ?? {}) as Record<string, unknown>
  const set = (k: string, v: unknown) => onChange({ location: { ...loc, [k]: v } }, `location.${k}`)
  const coordinate = (k: 'mapLat' | 'mapLng', label: string, limit: number) => (
    <LineField label={label} value={loc[k] === undefined || loc[k] === null ? '' : String(loc[k])} onChange={(v) => set(k, v.trim() === '' || !Number.isFinite(Number(v)) ? null : Math.max(-limit, Math.min(limit, Number(v))))} />
  )
  return (
    <>
      {(['addressTitle', 'addressLine1', 'addressLine2', 'addressCountry'] as const).map((k) => (
        <LineField key={k} label={MAP_LABELS[k]} max={k === 'addressCountry' ? 100 : 200} value={String(loc[k] ?? '')} onChange={(v) => set(k, v)} />
      ))}
      {coordinate('mapLat', 'Latitude', 90)}
      {coordinate('mapLng', 'Longitude', 180)}
      <NumberField label="Zoom" value={Number(loc.mapZoom ?? 12)} min={1} max={20} onChange={(v) => set('mapZoom', v)} />
      <p className="field-hint">The map shows only with both latitude and longitude.</p>
    </>
  )
}
const MAP_LABELS = { addressTitle: 'Place name', addressLine1: 'Address line 1', addressLine2: 'Address line 2', addressCountry: 'Country' }

export function SocialLinksBlockEditor() {
  return <p className="muted">Shows the site's social accounts (Settings).</p>
}
