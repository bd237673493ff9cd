import { describe, expect, it } from 'vitest'
import { withTagOrigin } from './csp.js'

describe('tag origin in the page CSP', () => {
  it('joins script-src, connect-src and img-src once; missing directives start from default-src', () => {
    const policy = "default-src 'self';script-src 'self' https://captcha.example;img-src 'self' data:;object-src 'none'"
    const out = withTagOrigin(policy, 'https://tags.example.com')
    expect(out).toBe("default-src 'self';script-src 'self' https://captcha.example https://tags.example.com;img-src 'self' data: https://tags.example.com;object-src 'none';connect-src 'self' https://tags.example.com")
    expect(withTagOrigin(out, 'https://tags.example.com')).toBe(out)
    expect(withTagOrigin("script-src 'none'", 'https://t.example')).toBe("script-src https://t.example;connect-src 'self' https://t.example;img-src 'self' https://t.example")
  })
})
