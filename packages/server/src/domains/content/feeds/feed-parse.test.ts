import { describe, expect, it } from 'vitest'
import { parseFeed } from './feed-parse.js'

const FEED = 'https://photos.example.com/feeds/harbour'

describe('photo feeds of gallery accounts', () => {
  it('reads a JSON Feed: image, banner image or an image attachment; relative addresses resolved; non-images skipped', () => {
    const body = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      items: [
        { id: '1', title: 'Boats &amp; nets', url: 'https://photos.example.com/p/1', image: 'https://cdn.example.com/1.jpg' },
        { id: '2', title: 'Dusk', attachments: [{ url: '/a/2.mp3', mime_type: 'audio/mpeg' }, { url: '/a/2.jpg', mime_type: 'image/jpeg' }] },
        { id: '3', title: 'Only text' },
        { id: '4', image: 'javascript:alert(1)' },
        { id: '5', title: 'Again', image: 'https://cdn.example.com/1.jpg' },
      ],
    })
    expect(parseFeed(body, FEED, 50)).toEqual([
      { url: 'https://cdn.example.com/1.jpg', title: 'Boats & nets', link: 'https://photos.example.com/p/1' },
      { url: 'https://photos.example.com/a/2.jpg', title: 'Dusk' },
    ])
  })

  it('reads a Flickr public JSON feed', () => {
    const body = JSON.stringify({ title: 'Uploads from harbour', items: [{ title: 'Pier', link: 'https://www.flickr.com/photos/h/1/', media: { m: 'https://live.staticflickr.com/1_m.jpg' } }] })
    expect(parseFeed(body, FEED, 50)).toEqual([{ url: 'https://live.staticflickr.com/1_m.jpg', title: 'Pier', link: 'https://www.flickr.com/photos/h/1/' }])
  })

  it('reads RSS enclosures and media:content, and Atom enclosure links', () => {
    const rss = `<?xml version="1.0"?><rss xmlns:media="http://search.yahoo.com/mrss/"><channel><title>x</title>
      <item><title><![CDATA[Net <b>mending</b>]]></title><link>https://photos.example.com/p/9</link><enclosure url="https://cdn.example.com/9.jpg" type="image/jpeg" length="1"/></item>
      <item><title>Video</title><enclosure url="https://cdn.example.com/v.mp4" type="video/mp4"/></item>
      <item><title>Gulls</title><media:content url='https://cdn.example.com/10.png' medium='image'/></item></channel></rss>`
    expect(parseFeed(rss, FEED, 50)).toEqual([
      { url: 'https://cdn.example.com/9.jpg', title: 'Net mending', link: 'https://photos.example.com/p/9' },
      { url: 'https://cdn.example.com/10.png', title: 'Gulls' },
    ])
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Quay</title><link rel="alternate" href="https://photos.example.com/p/11"/><link rel="enclosure" type="image/jpeg" href="/i/11.jpg"/></entry></feed>`
    expect(parseFeed(atom, FEED, 50)).toEqual([{ url: 'https://photos.example.com/i/11.jpg', title: 'Quay', link: 'https://photos.example.com/p/11' }])
  })

  it('keeps at most the limit, and reads garbage as no images', () => {
    const body = JSON.stringify({ items: Array.from({ length: 80 }, (_, i) => ({ title: `P${i}`, image: `https://cdn.example.com/${i}.jpg` })) })
    const images = parseFeed(body, FEED, 50)
    expect(images).toHaveLength(50)
    expect(images[49]!.title).toBe('P49')
    expect(parseFeed('{not json', FEED, 50)).toEqual([])
    expect(parseFeed('hello', FEED, 50)).toEqual([])
  })
})
