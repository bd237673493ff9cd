// Accepting a contributor invitation (the mailed link opens /config/invitation?token=...): once signed in with the
// invited email, one click adds the site to the owner's sites with the invited role.
import { useState } from 'react'
import { createApiClient } from '../api/client.js'
import { clearInvitation, pendingInvitation } from '../app/invitation.js'
import { useNavigation } from '../app/navigation.js'
import { routePath } from '../app/routes.js'
import { useSession } from '../app/session.js'

export function InvitationScreen() {
  const { reload } = useSession()
  const { navigate } = useNavigation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const token = pendingInvitation()

  const accept = async () => {
    if (!token) return
    setBusy(true)
    setError(null)
    const r = await createApiClient().post<{ siteId: string; title: string }>('/api/invitations/accept', { token })
    setBusy(false)
    if (!r.ok) return setError(r.error.message)
    clearInvitation()
    await reload()
    navigate(routePath({ name: 'site', siteId: r.data.siteId, section: 'pages' }))
  }

  return (
    <main className="page-status">
      <h1>{token ? 'Accept the invitation' : 'No invitation'}</h1>
      <p>{token ? 'You have been invited to help with a site. Accept to add it to your sites.' : 'This invitation link is not complete. Open the link from the mail again.'}</p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {token && (
        <button type="button" className="button primary" disabled={busy} onClick={() => void accept()}>
          Accept invitation
        </button>
      )}
    </main>
  )
}
