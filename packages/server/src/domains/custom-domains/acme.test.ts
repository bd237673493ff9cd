// The owner's plain words for the CA's refusals that a test CA (Pebble) does not produce on request: a CAA record
// that forbids the CA and a rate limit. The details are as a public CA (Let's Encrypt) words them; the CA refusal,
// the unreachable challenge and the wrong record are covered against Pebble in custom-domains.itest.ts.
import { describe, expect, it } from 'vitest'
import { acmeReason } from './acme.js'

describe('acmeReason', () => {
  it('names a CAA record that forbids the CA', () => {
    expect(acmeReason(new Error('Verify error: CAA record for shop.example.com prevents issuance'))).toBe(
      'CAA records of this domain forbid our certificate authority: allow it in your DNS (or remove the CAA record).',
    )
  })

  it('says the CA is rate-limiting, and that we try again', () => {
    expect(acmeReason(new Error('Error creating new order :: too many certificates (5) already issued for this exact set of domains in the last 168h0m0s'))).toBe(
      'The certificate authority is rate-limiting requests for this domain; we will try again later.',
    )
  })

  it('quotes any other refusal after a plain opening', () => {
    expect(acmeReason(new Error('Order included an identifier for which issuance is forbidden by policy: "refused.example.test"'))).toBe(
      'The certificate authority refused the order: Order included an identifier for which issuance is forbidden by policy: "refused.example.test"',
    )
  })
})
