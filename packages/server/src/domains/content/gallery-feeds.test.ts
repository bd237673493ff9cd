import { describe, expect, it } from 'vitest'
import { isPrivateAddress, layoutFeedUrls } from './gallery-feeds.js'

describe('gallery feed fetching rules', () => {
  it('tells private, loopback and link-local addresses from public ones', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) expect(isPrivateAddress(ip), ip).toBe(true)
    for (const ip of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(ip), ip).toBe(false)
  })

  it('finds the feeds of account galleries only, once each', () => {
    const layout = {
      sections: [
        { blocks: [{ type: 8, value: { source: 'accounts', accounts: [{ feedUrl: 'https://a.example/f' }, { feedUrl: 'https://b.example/f' }] } }, { type: 8, value: { imageIds: ['x'], accounts: [{ feedUrl: 'https://c.example/f' }] } }] },
        { blocks: [{ typeName: 'gallery', value: { source: 'accounts', accounts: [{ feedUrl: 'https://a.example/f' }] } }, { type: 2, value: { html: '' } }] },
      ],
    }
    expect(layoutFeedUrls(layout)).toEqual(['https://a.example/f', 'https://b.example/f'])
    expect(layoutFeedUrls(null)).toEqual([])
  })
})
