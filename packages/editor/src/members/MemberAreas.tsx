// Member areas (members-only pages and the Member areas section) with who may read each: every signed-in member,
// members carrying a tag, or buyers of a membership product (a paid area). Members with comp access read every area.
import { useCallback, useEffect, useId, useState } from 'react'
import type { MemberAreaRule, MemberAreaView } from '@sitewright/contracts'
import type { MembersApi } from '../api/members.js'
import type { PaywallProduct } from '../api/memberAreas.js'

type Rule = MemberAreaRule['rule']

function AreaRow({
  area,
  tags,
  products,
  onSave,
}: {
  area: MemberAreaView
  tags: string[]
  products: PaywallProduct[]
  onSave(rule: MemberAreaRule): Promise<string | null>
}) {
  const id = useId()
  const [rule, setRule] = useState<Rule>(area.rule)
  const [tag, setTag] = useState(area.tag ?? '')
  const [productId, setProductId] = useState(area.productId ?? products[0]?.id ?? '')
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const changed =
    rule !== area.rule || (rule === 'tag' && tag !== (area.tag ?? '')) || (rule === 'product' && productId !== (area.productId ?? ''))
  return (
    <li className="area-row">
      <div className="area-title">
        <strong>{area.title}</strong> <span className="muted">{area.fullUrl}</span>
      </div>
      <form
        className="area-rule"
        onSubmit={(e) => {
          e.preventDefault()
          const next: MemberAreaRule = rule === 'tag' ? { rule, tag } : rule === 'product' ? { rule, productId } : { rule }
          void onSave(next).then((error) =>
            setMessage(error ? { ok: false, text: error } : { ok: true, text: 'Saved.' }),
          )
        }}
      >
        <label htmlFor={`${id}-rule`}>Who may read it</label>
        <select id={`${id}-rule`} value={rule} onChange={(e) => setRule(e.target.value as Rule)}>
          <option value="members">Every signed-in member</option>
          <option value="tag">Members with a tag</option>
          <option value="product" disabled={products.length === 0}>
            Buyers of a membership (paid)
          </option>
        </select>
        {rule === 'product' && (
          <>
            <label htmlFor={`${id}-product`}>Membership</label>
            <select id={`${id}-product`} value={productId} onChange={(e) => setProductId(e.target.value)}>
              {products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title} ({p.price}
                  {p.recurring ? ', recurring' : ''})
                </option>
              ))}
            </select>
          </>
        )}
        {rule === 'tag' && (
          <>
            <label htmlFor={`${id}-tag`}>Tag</label>
            <input
              id={`${id}-tag`}
              list={`${id}-tags`}
              value={tag}
              maxLength={50}
              onChange={(e) => setTag(e.target.value)}
            />
            <datalist id={`${id}-tags`}>
              {tags.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </>
        )}
        <button type="submit" className="button secondary small" disabled={!changed}>
          Save
        </button>
        {message && (
          <span className={message.ok ? 'status' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </span>
        )}
      </form>
    </li>
  )
}

export function MemberAreas({ siteId, api, tags }: { siteId: string; api: MembersApi; tags: string[] }) {
  const [areas, setAreas] = useState<MemberAreaView[] | null>(null)
  const [products, setProducts] = useState<PaywallProduct[]>([])
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(async () => {
    const res = await api.areas(siteId)
    if (res.ok) {
      setAreas(res.data.areas)
      setProducts(res.data.products ?? [])
    } else setError(res.error.message)
  }, [api, siteId])
  useEffect(() => void load(), [load])

  return (
    <section className="member-areas" aria-labelledby="areas-title">
      <h2 id="areas-title">Member areas</h2>
      <p className="muted">Members with comp access read every area without paying.</p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {!areas ? (
        !error && <p role="status">Loading areas…</p>
      ) : areas.length === 0 ? (
        <p>
          No member areas yet. Lock a page to members, or put pages in the Member areas section, under Pages.
        </p>
      ) : (
        <ul className="area-list">
          {areas.map((a) => (
            <AreaRow
              key={a.collectionId}
              area={a}
              tags={tags}
              products={products}
              onSave={async (rule) => {
                const res = await api.setArea(siteId, a.collectionId, rule)
                if (!res.ok) return res.error.fields.tag ?? res.error.fields.productId ?? res.error.message
                setAreas((list) => list?.map((x) => (x.collectionId === a.collectionId ? res.data.area : x)) ?? null)
                return null
              }}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
