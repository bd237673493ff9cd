// The owner API from Node, as a browser would use it: keeps cookies (session, crumb) and echoes the crumb.

export interface OwnerClient {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>
}

export function ownerClient(baseUrl: string): OwnerClient {
  const jar = new Map<string, string>()
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      if (eq > 0) jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim())
    }
  }
  async function call<T>(method: string, path: string, body?: unknown) {
    if (method !== 'GET' && !jar.has('crumb'))
      remember(await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie: cookieHeader() } }))
    const headers: Record<string, string> = { cookie: cookieHeader(), accept: 'application/json' }
    if (method !== 'GET') headers['x-csrf-token'] = decodeURIComponent(jar.get('crumb') ?? '')
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    remember(res)
    const text = await res.text()
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T }
  }
  return { call }
}
