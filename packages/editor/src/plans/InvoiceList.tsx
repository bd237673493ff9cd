// The site's invoices: every charge of a plan change, paid or failed.
import type { InvoiceView } from '@sitewright/contracts'

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })

export function InvoiceList({ invoices }: { invoices: InvoiceView[] }) {
  return (
    <section aria-labelledby="invoices-title" className="invoices">
      <h2 id="invoices-title">Invoices</h2>
      {invoices.length === 0 ? (
        <p className="muted">No invoices yet.</p>
      ) : (
        <div className="plan-table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Plan</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((i) => (
                <tr key={i.id}>
                  <td>{dateText(i.createdAt)}</td>
                  <td>
                    {i.planName} <span className="muted">({i.interval})</span>
                  </td>
                  <td>{i.amount}</td>
                  <td>
                    <span className={`invoice-status ${i.status}`}>
                      {i.status === 'paid' ? 'Paid' : 'Failed'}
                    </span>
                    {i.cardLast4 && <span className="muted"> · card ending {i.cardLast4}</span>}
                    {i.failure && <div className="muted">{i.failure}</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
