// The server's one guarded GET of an address an owner gave (gallery feeds' photo feeds, imported sites' images):
// public addresses only (checked on the addresses the connection uses, so DNS rebinding cannot reach inside), a size
// cap, the caller's timeout and at most a few redirects. GALLERY_FEED_ALLOW_PRIVATE=1 lets private and loopback
// addresses through (tests' stand-in servers).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { get as httpGet } from 'node:http'
import { get as httpsGet } from 'node:https'
import { isIP } from 'node:net'

/** A refused or failed fetch, with a message an owner can read. */
export class FetchRefused extends Error {
  constructor(
    message: string,
    /** 'private', 'not-found' (no such host), 'too-large', 'status', 'redirects', 'scheme' or 'failed' (timeout, reset). */
    readonly reason: 'private' | 'not-found' | 'too-large' | 'status' | 'redirects' | 'scheme' | 'failed',
  ) {
    super(message)
  }
}

/** True for loopback, private, link-local, shared and unspecified addresses (IPv4, IPv6, IPv4-mapped IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1]
  if (mapped) return isPrivateAddress(mapped)
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number]
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224
  }
  const v6 = ip.toLowerCase()
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6)
}

const allowPrivate = () => process.env.GALLERY_FEED_ALLOW_PRIVATE === '1'

function publicLookup(hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, [])
    const list = addresses as LookupAddress[]
    if (!allowPrivate() && list.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), [])
    }
    if (options.all) return callback(null, list)
    const first = list[0]
    if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), [])
    callback(null, first.address, first.family)
  })
}

export interface GuardedAnswer {
  status: number
  location: string | null
  contentType: string | null
  body: Buffer
}

export interface GuardedOptions {
  maxBytes: number
  accept: string
  userAgent: string
  /** Words of the messages: 'feed', 'image', ... */
  what: string
}

/** One GET over http(s): the public-address lookup, the size cap, the caller's abort signal. */
export function guardedGetOnce(url: URL, signal: AbortSignal, o: GuardedOptions): Promise<GuardedAnswer> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host) && isPrivateAddress(host) && !allowPrivate()) return reject(new FetchRefused(`The ${o.what} address is not a public one.`, 'private'))
    const get = url.protocol === 'https:' ? httpsGet : httpGet
    const tooLarge = () => new FetchRefused(`The ${o.what} is too large.`, 'too-large')
    const late = () => new FetchRefused(`The ${o.what} did not answer in time.`, 'failed')
    const req = get(url, { signal, lookup: publicLookup, headers: { accept: o.accept, 'user-agent': o.userAgent } }, (res) => {
      const status = res.statusCode ?? 0
      const location = typeof res.headers.location === 'string' ? res.headers.location : null
      const contentType = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null
      if (Number(res.headers['content-length'] ?? 0) > o.maxBytes) {
        res.destroy()
        return reject(tooLarge())
      }
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (c: Buffer) => {
        size += c.length
        if (size > o.maxBytes) {
          res.destroy()
          reject(tooLarge())
        } else chunks.push(c)
      })
      res.on('end', () => resolve({ status, location, contentType, body: Buffer.concat(chunks) }))
      res.on('error', () => reject(late()))
    })
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPRIVATE') reject(new FetchRefused(`The ${o.what} address is not a public one.`, 'private'))
      else if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') reject(new FetchRefused(`The ${o.what} address could not be found.`, 'not-found'))
      else reject(late())
    })
  })
}

/** GET with redirects (at most `maxRedirects`), within `timeoutMs` in all; a non-2xx answer is refused. */
export async function guardedFetch(address: string, o: GuardedOptions & { timeoutMs: number; maxRedirects: number }, get = guardedGetOnce): Promise<GuardedAnswer & { url: string }> {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new FetchRefused(`The ${o.what} address is not valid.`, 'scheme')
  }
  const signal = AbortSignal.timeout(o.timeoutMs)
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FetchRefused(`${o.what[0]!.toUpperCase()}${o.what.slice(1)}s are http(s) addresses.`, 'scheme')
    const res = await get(url, signal, o)
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (hop >= o.maxRedirects) throw new FetchRefused(`The ${o.what} redirects too often.`, 'redirects')
      url = new URL(res.location, url)
      continue
    }
    if (res.status < 200 || res.status >= 300) throw new FetchRefused(`The ${o.what} answered ${res.status}.`, 'status')
    return { ...res, url: url.href }
  }
}
