import { describe, expect, it } from 'vitest'
import { createInvalidation } from './invalidation.js'

describe('page-cache invalidation port', () => {
  it('calls every listener with the site, and a broadcaster can wrap invalidate', () => {
    const port = createInvalidation()
    const seen: string[] = []
    port.onInvalidate((s) => seen.push(`a:${s}`))
    port.onInvalidate((s) => seen.push(`b:${s}`))
    port.invalidate('s1')
    const sent: string[] = []
    const broadcasting = { ...port, invalidate: (s: string) => (sent.push(s), port.deliver(s)) }
    broadcasting.invalidate('s2')
    port.deliver('s3') // received from another node
    expect(seen).toEqual(['a:s1', 'b:s1', 'a:s2', 'b:s2', 'a:s3', 'b:s3'])
    expect(sent).toEqual(['s2'])
  })
})
