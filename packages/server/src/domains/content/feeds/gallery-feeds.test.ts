import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { fetchFeedImages, isPrivateAddress, layoutFeedUrls } from './gallery-feeds.js'

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

  it('checks the addresses the connection uses: a name resolving to a private address is refused, as is a redirect to one', async () => {
    let asked = 0
    const server = createServer((req, res) => {
      asked++
      if (req.url === '/hop') return res.writeHead(302, { location: 'http://127.0.0.1/feed' }).end()
      res.writeHead(200, { 'content-type': 'application/feed+json' }).end(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', items: [] }))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as AddressInfo).port
    const saved = process.env.GALLERY_FEED_ALLOW_PRIVATE
    try {
      delete process.env.GALLERY_FEED_ALLOW_PRIVATE
      // "localhost" is a name: the lookup made for the connection answers 127.0.0.1 and is refused there
      await expect(fetchFeedImages(`http://localhost:${port}/feed`)).rejects.toThrow('The feed address is not a public one.')
      await expect(fetchFeedImages(`http://127.0.0.1:${port}/feed`)).rejects.toThrow('The feed address is not a public one.')
      expect(asked).toBe(0)
      process.env.GALLERY_FEED_ALLOW_PRIVATE = '1'
      expect(await fetchFeedImages(`http://localhost:${port}/feed`)).toEqual([])
      // a public feed cannot send the server to a private address either (each hop is looked up again)
      const hops: string[] = []
      const get = async (url: URL) => {
        hops.push(url.href)
        return url.pathname === '/start' ? { status: 302, location: 'http://127.0.0.1/feed', body: '' } : { status: 200, location: null, body: '{"version":"https://jsonfeed.org/version/1.1","items":[]}' }
      }
      expect(await fetchFeedImages('https://photos.example/start', get)).toEqual([])
      expect(hops).toEqual(['https://photos.example/start', 'http://127.0.0.1/feed'])
    } finally {
      if (saved === undefined) delete process.env.GALLERY_FEED_ALLOW_PRIVATE
      else process.env.GALLERY_FEED_ALLOW_PRIVATE = saved
      server.close()
    }
  })
})
