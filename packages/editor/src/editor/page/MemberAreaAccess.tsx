// Who may read a member area (a members-only page or a page of the member areas): every member, members with a
// tag, or the buyers of a membership product (PAYWALL: a paid area whose page shows its price and a Join button).
import { useEffect, useState } from 'react'
import type { MemberAreaRule, MemberAreaView } from '@sitewright/contracts'
import { createMemberAreasApi, type PaywallProduct } from '../../api/memberAreas.js'
import { useServices } from '../../services/services.js'
import { FormAlert, SelectField } from '../../ui/fields.js'
import { LineField } from '../../ui/moreFields.js'

const api = createMemberAreasApi()

export function MemberAreaAccess({ pageId }: { pageId: string }) {
  const { siteId } = useServices()
  const [area, setArea] = useState<MemberAreaView | null | undefined>(undefined)
  const [products, setProducts] = useState<PaywallProduct[]>([])
  const [rule, setRule] = useState<MemberAreaRule['rule']>('members')
  const [tag, setTag] = useState('')
  const [productId, setProductId] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)

  useEffect(() => {
    let live = true
    void api.list(siteId).then((r) => {
      if (!live) return
      if (!r.ok) return setAlert(r.error.message)
      const found = r.data.areas.find((a) => a.collectionId === pageId) ?? null
      setArea(found)
      setProducts(r.data.products)
      if (found) {
        setRule(found.rule)
        setTag(found.tag ?? '')
        setProductId(found.productId ?? r.data.products[0]?.id ?? '')
      } else setProductId(r.data.products[0]?.id ?? '')
    })
    return () => {
      live = false
    }
  }, [siteId, pageId])

  async function save() {
    const body: MemberAreaRule = rule === 'tag' ? { rule, tag } : rule === 'product' ? { rule, productId } : { rule }
    const r = await api.setRule(siteId, pageId, body)
    if (!r.ok) {
      setErrors(r.error.fields)
      return setAlert(r.error.message)
    }
    setErrors({})
    setAlert(null)
    setSaved(true)
  }

  if (area === undefined) return <p className="field-hint">Loading who may read this page…</p>
  if (area === null) return <p className="field-hint">Save the page as Members only to choose who may read it.</p>
  return (
    <fieldset className="member-area-access" onChange={() => setSaved(false)}>
      <legend>Who may read it</legend>
      <FormAlert message={alert} />
      <SelectField
        name="memberRule"
        label="Readers"
        value={rule}
        error={errors.rule}
        options={[
          { value: 'members', label: 'Every signed-in member' },
          { value: 'tag', label: 'Members with a tag' },
          { value: 'product', label: 'Paid: buyers of a membership' },
        ]}
        onChange={(v) => setRule(v as MemberAreaRule['rule'])}
      />
      {rule === 'tag' && <LineField label="Tag" value={tag} max={50} error={errors.tag} onChange={setTag} />}
      {rule === 'product' &&
        (products.length ? (
          <SelectField
            name="memberProduct"
            label="Membership product"
            value={productId}
            error={errors.productId}
            options={products.map((p) => ({ value: p.id, label: `${p.title}: ${p.price}${p.recurring ? ' (recurring)' : ''}` }))}
            onChange={setProductId}
          />
        ) : (
          <p className="field-hint">Add a product of type Membership (paywall) in Commerce first.</p>
        ))}
      {rule === 'product' && <p className="field-hint">Visitors without it see its price and a Join button; buying it at checkout opens the page.</p>}
      <div className="form-actions">
        <button type="button" className="button secondary" onClick={() => void save()} disabled={rule === 'product' && !products.length}>
          Save who may read it
        </button>
        {saved && (
          <p className="save-status" role="status">
            Saved
          </p>
        )}
      </div>
    </fieldset>
  )
}
