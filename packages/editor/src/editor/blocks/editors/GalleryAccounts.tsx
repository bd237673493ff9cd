// The gallery block's source: its uploaded images, or connected accounts (at most 20, each shown with up to 50 of
// its newest images). An account is the address of its public photo feed (a Flickr public feed, JSON Feed, RSS or
// Atom with images); the server fetches it when the page is saved and keeps it fresh.
import { useState } from 'react'
import { GALLERY_ACCOUNT_PROVIDERS, GALLERY_ACCOUNT_SIZE, GALLERY_ACCOUNTS_FULL_MESSAGE, GALLERY_MAX_ACCOUNTS, type GalleryAccountProvider, type GallerySource } from '@sitewright/contracts'
import { GalleryOptionsPanel } from '../../../dialogs/gallery/GalleryOptionsPanel.js'
import { normalizeGalleryOptions } from '../../../dialogs/gallery/options.js'
import { SelectField } from '../../../ui/fields.js'
import { LineField } from '../../../ui/moreFields.js'
import { addAccount, feedUrlProblem, galleryAccounts, removeAccount } from '../galleryModel.js'
import type { BlockEditorProps } from './types.js'

const PROVIDER_LABELS: Record<GalleryAccountProvider, string> = { flickr: 'Flickr', tumblr: 'Tumblr', smugmug: 'SmugMug', '500px': '500px', rss: 'Other photo feed (RSS, Atom, JSON Feed)' }
const PROVIDERS = (Object.keys(GALLERY_ACCOUNT_PROVIDERS) as GalleryAccountProvider[]).map((p) => ({ value: p, label: PROVIDER_LABELS[p] }))

export function GallerySourceChoice({ value, onChange }: { value: GallerySource; onChange(s: GallerySource): void }) {
  return (
    <fieldset className="gallery-source">
      <legend>Gallery shows</legend>
      <label>
        <input type="radio" name="gallery-source" checked={value === 'images'} onChange={() => onChange('images')} /> Uploaded images
      </label>
      <label>
        <input type="radio" name="gallery-source" checked={value === 'accounts'} onChange={() => onChange('accounts')} /> Connected accounts
      </label>
    </fieldset>
  )
}

export function GalleryAccountsEditor({ block, onSet }: BlockEditorProps) {
  const accounts = galleryAccounts(block.value)
  const options = normalizeGalleryOptions(block.value.options)
  const [provider, setProvider] = useState<GalleryAccountProvider>('flickr')
  const [feedUrl, setFeedUrl] = useState('')
  const [title, setTitle] = useState('')
  const [error, setError] = useState('')
  const [said, setSaid] = useState('')
  const full = accounts.length >= GALLERY_MAX_ACCOUNTS

  function connect() {
    const problem = feedUrlProblem(block.value, feedUrl)
    if (problem) return setError(problem)
    const patch = addAccount(block.value, { provider, feedUrl, title })
    if (!patch) return setError(GALLERY_ACCOUNTS_FULL_MESSAGE)
    onSet(patch)
    setSaid(`Connected ${title.trim() || feedUrl.trim()}. Its images show once the page is saved.`)
    setFeedUrl('')
    setTitle('')
    setError('')
  }

  return (
    <div className="gallery-accounts" data-gallery-accounts>
      <p className="muted">
        Up to {GALLERY_MAX_ACCOUNTS} accounts, each showing up to {GALLERY_ACCOUNT_SIZE} of its newest images, in this gallery’s design.
      </p>
      <h4>
        Connected accounts ({accounts.length} of {GALLERY_MAX_ACCOUNTS})
      </h4>
      {accounts.length === 0 ? (
        <p className="muted">No accounts connected yet.</p>
      ) : (
        <ul className="gallery-account-list">
          {accounts.map((a, i) => (
            <li key={`${a.feedUrl}-${i}`} data-gallery-account={i}>
              <span className="gallery-account-name">
                <strong>{a.title || PROVIDER_LABELS[a.provider] || a.provider}</strong>
                <span className="muted">{a.feedUrl}</span>
              </span>
              <button
                type="button"
                className="link-button danger"
                aria-label={`Remove account ${i + 1}: ${a.title || a.feedUrl}`}
                onClick={() => {
                  onSet(removeAccount(block.value, i))
                  setSaid(`Removed account ${i + 1}.`)
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="notice" role="note" data-gallery-accounts-full>
          {GALLERY_ACCOUNTS_FULL_MESSAGE} Remove one to connect another.
        </p>
      ) : (
        <fieldset className="gallery-account-add">
          <legend>Connect an account</legend>
          <SelectField label="Service" name="gallery-account-provider" value={provider} options={PROVIDERS} onChange={(v) => setProvider(v as GalleryAccountProvider)} />
          <LineField label="Public photo feed address" type="url" value={feedUrl} placeholder="https://www.flickr.com/services/feeds/photos_public.gne?id=…&format=json" error={error || undefined} onChange={setFeedUrl} />
          <LineField label="Name shown (optional)" value={title} max={100} onChange={setTitle} />
          <button type="button" className="button secondary small" onClick={connect}>
            Connect account
          </button>
        </fieldset>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      <GalleryOptionsPanel options={options} onChange={(patch) => onSet({ options: { ...options, ...patch } })} />
    </div>
  )
}
