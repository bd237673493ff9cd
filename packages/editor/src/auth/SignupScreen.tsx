import { useState, type FormEvent } from 'react'
import { AuthLayout, emailError } from './AuthLayout.js'
import { FormAlert, TextField } from '../ui/fields.js'
import { Link, useNavigation } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { useSession } from '../app/session.js'
import { TITLE_MAX } from '../settings/validation.js'

interface Draft {
  name: string
  email: string
  password: string
  siteTitle: string
  slug: string
}
type Errors = Partial<Record<keyof Draft, string>>

/** The server's minimum; its strength check (zxcvbn) answers with feedback shown under the password field. */
export const PASSWORD_MIN = 10

export function validateSignup(d: Draft): Errors {
  const e: Errors = {}
  const email = emailError(d.email)
  if (email) e.email = email
  if (d.password.length < PASSWORD_MIN) e.password = `Use at least ${PASSWORD_MIN} characters.`
  const title = d.siteTitle.trim()
  if (!title) e.siteTitle = 'Enter a site title.'
  else if (title.length > TITLE_MAX) e.siteTitle = `Use at most ${TITLE_MAX} characters.`
  if (d.slug && !/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/.test(d.slug))
    e.slug = 'Use 3 to 40 lowercase letters, digits or hyphens, starting and ending with a letter or digit.'
  return e
}

export function SignupScreen() {
  const { api, signedIn } = useSession()
  const { navigate } = useNavigation()
  const [draft, setDraft] = useState<Draft>({ name: '', email: '', password: '', siteTitle: '', slug: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }))

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const found = validateSignup(draft)
    setErrors(found)
    setAlert(null)
    if (Object.keys(found).length) return
    setBusy(true)
    const res = await api.signup({
      email: draft.email.trim(),
      password: draft.password,
      siteTitle: draft.siteTitle.trim(),
      ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
      ...(draft.slug ? { slug: draft.slug } : {}),
    })
    if (!res.ok) {
      setBusy(false)
      setErrors(res.error.fields)
      setAlert(res.error.message)
      return
    }
    const me = await api.me()
    setBusy(false)
    signedIn(me.ok ? me.data : { user: res.data.user, sites: [res.data.site] })
    navigate(routePath({ name: 'start', siteId: String(res.data.site.id) }), {
      replace: true,
    })
  }

  return (
    <AuthLayout
      title="Create your site"
      footer={
        <>
          Already have an account? <Link to={routePath({ name: 'login' })}>Log in</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <FormAlert message={alert} />
        <TextField
          name="name"
          label="Your name (optional)"
          autoComplete="name"
          value={draft.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={draft.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          value={draft.password}
          onChange={set('password')}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN} characters. A few uncommon words make a strong password.`}
        />
        <TextField
          name="siteTitle"
          label="Site title"
          maxLength={TITLE_MAX}
          value={draft.siteTitle}
          onChange={set('siteTitle')}
          error={errors.siteTitle}
        />
        <TextField
          name="slug"
          label="Site address (optional)"
          value={draft.slug}
          onChange={(v) => set('slug')(v.toLowerCase())}
          error={errors.slug}
          hint={
            draft.slug
              ? `Your site will be at ${draft.slug}.${window.location.hostname}`
              : 'Leave empty to derive it from the title'
          }
        />
        <button type="submit" className="button primary wide" disabled={busy}>
          {busy ? 'Creating…' : 'Create site'}
        </button>
      </form>
    </AuthLayout>
  )
}
