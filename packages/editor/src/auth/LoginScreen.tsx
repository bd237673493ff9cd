import { useState, type FormEvent } from 'react'
import { AuthLayout, emailError } from './AuthLayout.js'
import { FormAlert, TextField } from '../ui/fields.js'
import { Link, useNavigation } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { useSession } from '../app/session.js'

export function LoginScreen() {
  const { api, signedIn } = useSession()
  const { navigate } = useNavigation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const next = { email: emailError(email), password: password ? undefined : 'Enter your password' }
    setErrors(next)
    setAlert(null)
    if (next.email || next.password) return
    setBusy(true)
    const res = await api.login({ email: email.trim(), password })
    setBusy(false)
    if (!res.ok) {
      setErrors(res.error.fields)
      setAlert(res.error.message)
      return
    }
    signedIn(res.data)
    navigate(routePath({ name: 'home' }), { replace: true })
  }

  return (
    <AuthLayout
      title="Log in"
      footer={
        <>
          New to Sitewright? <Link to={routePath({ name: 'signup' })}>Create an account</Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <FormAlert message={alert} />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <button type="submit" className="button primary wide" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </AuthLayout>
  )
}
