// The mailing-list connect dialog (pure): not connected -> connected -> disconnect after confirmation.
// Lists connect when one is chosen ('A List must be selected'); an automation service has no list: it shows
// 'Awaiting Connection' and how many sign-ups wait for it until it connects.

export const MAILING_MESSAGES = {
  selectList: 'A List must be selected',
  awaiting: 'Awaiting Connection',
} as const

export type MailingService = 'lists' | 'automation'

export interface MailingConnection {
  service: MailingService
  listId?: string
  listName?: string
  /** Automation: sign-ups waiting for the service to connect. */
  pendingCount?: number
  /** Automation: the service has picked the sign-ups up. */
  active?: boolean
}

export type MailingState =
  | { status: 'not-connected'; service: MailingService; listId: string; error: string | null }
  | { status: 'connected'; connection: MailingConnection }
  | { status: 'confirm-disconnect'; connection: MailingConnection }

export type MailingEvent =
  | { type: 'choose-service'; service: MailingService }
  | { type: 'choose-list'; listId: string }
  | { type: 'connect'; lists: readonly { id: string; name: string }[] }
  | { type: 'disconnect' }
  | { type: 'confirm' }
  | { type: 'keep' }

export function initialMailing(connection: MailingConnection | null | undefined): MailingState {
  return connection ? { status: 'connected', connection } : { status: 'not-connected', service: 'lists', listId: '', error: null }
}

export function mailingReducer(s: MailingState, e: MailingEvent): MailingState {
  switch (e.type) {
    case 'choose-service':
      return s.status === 'not-connected' ? { ...s, service: e.service, error: null } : s
    case 'choose-list':
      return s.status === 'not-connected' ? { ...s, listId: e.listId, error: null } : s
    case 'connect': {
      if (s.status !== 'not-connected') return s
      if (s.service === 'automation')
        return { status: 'connected', connection: { service: 'automation', pendingCount: 0, active: false } }
      const list = e.lists.find((l) => l.id === s.listId)
      if (!list) return { ...s, error: MAILING_MESSAGES.selectList }
      return { status: 'connected', connection: { service: 'lists', listId: list.id, listName: list.name } }
    }
    case 'disconnect':
      return s.status === 'connected' ? { status: 'confirm-disconnect', connection: s.connection } : s
    case 'confirm':
      return s.status === 'confirm-disconnect' ? initialMailing(null) : s
    case 'keep':
      return s.status === 'confirm-disconnect' ? { status: 'connected', connection: s.connection } : s
  }
}

/** What the dialog says about a connection. */
export function connectionSummary(c: MailingConnection): string {
  if (c.service === 'lists') return `Connected to ${c.listName ?? 'a list'}`
  if (!c.active) return `${MAILING_MESSAGES.awaiting} (${c.pendingCount ?? 0})`
  return 'Connected to the automation service'
}
