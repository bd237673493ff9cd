// The mailing-list connect dialog: connect a list (or an automation service, which shows 'Awaiting Connection'
// and a count until it connects), and disconnect only after confirmation.
import { useReducer } from 'react'
import { Dialog } from '../../ui/Dialog.js'
import { SelectField } from '../../ui/fields.js'
import { connectionSummary, initialMailing, mailingReducer, type MailingConnection, type MailingService } from './mailing.js'

interface Props {
  connection: MailingConnection | null
  lists: readonly { id: string; name: string }[]
  onChange(connection: MailingConnection | null): void
  onClose(): void
}

export function MailingListDialog({ connection, lists, onChange, onClose }: Props) {
  const [state, dispatch] = useReducer(mailingReducer, initialMailing(connection))
  const act = (e: Parameters<typeof mailingReducer>[1]) => {
    const next = mailingReducer(state, e)
    dispatch(e)
    if (next.status === 'connected' && state.status === 'not-connected') onChange(next.connection)
    if (next.status === 'not-connected' && state.status === 'confirm-disconnect') onChange(null)
  }
  return (
    <Dialog title="Mailing list" onClose={onClose} actions={<button type="button" className="button secondary" onClick={onClose}>Close</button>}>
      {state.status === 'not-connected' && (
        <>
          <p>Not connected. New sign-ups are kept in the form's storage.</p>
          <SelectField
            name="service"
            label="Service"
            value={state.service}
            options={[
              { value: 'lists', label: 'Mailing list' },
              { value: 'automation', label: 'Automation service' },
            ]}
            onChange={(v) => act({ type: 'choose-service', service: v as MailingService })}
          />
          {state.service === 'lists' && (
            <SelectField
              name="list"
              label="List"
              value={state.listId}
              error={state.error ?? undefined}
              options={[{ value: '', label: 'Choose a list…' }, ...lists.map((l) => ({ value: l.id, label: l.name }))]}
              onChange={(v) => act({ type: 'choose-list', listId: v })}
            />
          )}
          <button type="button" className="button primary" onClick={() => act({ type: 'connect', lists })}>
            Connect
          </button>
        </>
      )}
      {state.status === 'connected' && (
        <>
          <p role="status">{connectionSummary(state.connection)}</p>
          <button type="button" className="button danger" onClick={() => act({ type: 'disconnect' })}>
            Disconnect
          </button>
        </>
      )}
      {state.status === 'confirm-disconnect' && (
        <div role="alertdialog" aria-label="Disconnect the mailing list?">
          <p>Disconnect? New sign-ups will no longer be sent to {state.connection.listName ?? 'the service'}.</p>
          <button type="button" className="button secondary" onClick={() => act({ type: 'keep' })}>
            Keep connected
          </button>{' '}
          <button type="button" className="button danger" onClick={() => act({ type: 'confirm' })}>
            Disconnect
          </button>
        </div>
      )}
    </Dialog>
  )
}
