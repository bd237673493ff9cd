// A contributor invitation's token, kept for the tab while its owner signs in or signs up first.
const KEY = 'sitewright:invitation'

function store(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** Keeps the `token` of an invitation link's query string. */
export function keepInvitation(search: string): void {
  const token = new URLSearchParams(search).get('token')
  if (token) store()?.setItem(KEY, token)
}

export function pendingInvitation(): string | null {
  return store()?.getItem(KEY) ?? null
}

export function clearInvitation(): void {
  store()?.removeItem(KEY)
}
