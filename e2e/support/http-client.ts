// A cookie-keeping HTTP client (as a browser would be) whose requests can go to any base URL with any Host: the
// same owner or visitor talks to node A, node B or the balancer in front of them. Sends the crumb on writes.
import { request } from 'node:http'

export interface HttpAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  text: string
  json: any
}

export class HttpClient {
  readonly jar = new Map<string, string>()
  constructor(private readonly host?: string) {}

  private send(base: string, method: string, path: string, body?: Buffer, type?: string, extra: Record<string, string> = {}): Promise<HttpAnswer> {
    const url = new URL(path, base)
    const headers: Record<string, string> = { accept: 'application/json, text/html', ...extra }
    headers.host = this.host ? `${this.host}:${url.port}` : url.host
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    if (method !== 'GET') headers['x-csrf-token'] = decodeURIComponent(this.jar.get('crumb') ?? '')
    if (body) {
      headers['content-type'] = type ?? 'application/json'
      headers['content-length'] = String(body.length)
    }
    return new Promise((resolve, reject) => {
      const req = request({ hostname: '127.0.0.1', port: url.port, path: url.pathname + url.search, method, headers, timeout: 15_000 }, (res) => {
        const parts: Buffer[] = []
        res.on('data', (c: Buffer) => parts.push(c))
        res.on('error', reject)
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';')
            const eq = pair!.indexOf('=')
            if (eq > 0) this.jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim())
          }
          const buf = Buffer.concat(parts)
          const text = buf.toString('utf8')
          let json: unknown
          try {
            json = JSON.parse(text)
          } catch {
            json = undefined
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: buf, text, json })
        })
      })
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', reject)
      req.end(body)
    })
  }

  async call(base: string, method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    if (method !== 'GET' && !this.jar.has('crumb')) await this.send(base, 'GET', '/api/auth/me')
    return this.send(base, method, path, json === undefined ? undefined : Buffer.from(JSON.stringify(json)), undefined, headers)
  }

  /** A body already encoded (JSON unless `type` says otherwise), sent as it is: a large one need not be built twice. */
  async raw(base: string, method: string, path: string, body: Buffer, type?: string): Promise<HttpAnswer> {
    if (!this.jar.has('crumb')) await this.send(base, 'GET', '/api/auth/me')
    return this.send(base, method, path, body, type)
  }

  /** A multipart upload of one file field named `file`. */
  async upload(base: string, path: string, filename: string, data: Buffer): Promise<HttpAnswer> {
    if (!this.jar.has('crumb')) await this.send(base, 'GET', '/api/auth/me')
    const boundary = `----sw${Date.now().toString(36)}`
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`
    const body = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)])
    return this.send(base, 'POST', path, body, `multipart/form-data; boundary=${boundary}`)
  }
}
