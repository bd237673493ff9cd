// Forms. Needs: sites; notify (built after it: late) renders a submission's mail from the theme at send time.
import { FEATURE_FLAGS } from '@sitewright/contracts'
import type { Accounts } from '../../domains/accounts/index.js'
import { sanitizeHtml } from '../../domains/content/index.js'
import { createForms, loadFormsConfig } from '../../domains/forms/index.js'
import type { Sites } from '../../domains/sites/index.js'
import type { Base } from './base.js'

export async function wireForms(base: Base, { sites, accounts }: { sites: Sites; accounts: Accounts }) {
  const { db, mailer, late, log, opts } = base
  return createForms(db.orm, {
    sites,
    auth: accounts.auth,
    config: opts.formsConfig ?? loadFormsConfig(process.env),
    sendMail: async (job) => {
      if (!job.submission) return mailer.send(job)
      const { submission, ...rest } = job
      const m = await late
        .get('notify')
        .formSubmission({ ...rest, submission })
        .catch((e: unknown) => {
          log.warn({ err: e }, 'form mail template failed; plain text sent')
          return rest
        })
      return m ? mailer.send(m) : undefined
    },
    sanitizeHtml,
    jobs: base.jobs,
    log,
    renderSystemPage: base.renderSystemPage,
    onChange: base.invalidatePages,
    vanillaFormHandler: (siteId) => late.get('billing').hasFlag(siteId, FEATURE_FLAGS.VANILLA_FORM_HANDLER),
  })
}
