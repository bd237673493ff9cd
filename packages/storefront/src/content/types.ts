// What the content modules need from the page: injectable for tests, the browser's by default.
export interface ContentDeps {
  /** fetch for the visitor API (the crumb is added by crumbFetch). */
  fetch?: typeof fetch
  /** Reads document.cookie (for the crumb). */
  cookies?: () => string
  /** localStorage, or null when the browser refuses it. */
  storage?: (Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'removeItem'>>) | null
  /** Sends the visitor to the member sign-in page, to come back to `returnPath` (location.assign by default). */
  toSignIn?: (returnPath: string) => void
  /** The path of the current page (location.pathname + search by default). */
  path?: () => string
  /** Clock for stored dates. */
  now?: () => number
}

/** One behaviour: finds its markup under `root` and wires it; returns how many elements it enhanced. */
export type ContentModule = (root: ParentNode, deps: ContentDeps) => number

/** Marks an element as enhanced; false when it already was (so a module can run twice safely). */
export function claim(el: Element, name: string): boolean {
  const key = `enhanced${name[0]!.toUpperCase()}${name.slice(1)}`
  const data = (el as HTMLElement).dataset
  if (data[key] === 'true') return false
  data[key] = 'true'
  return true
}

/** A visitor-facing message from an API error body: `{ error: { message } }` or `{ error: '...' }`. */
export async function errorMessage(res: Response, fallback: string): Promise<string> {
  if (res.status === 429) return 'Please try again in a few seconds.'
  try {
    const body = (await res.json()) as { error?: unknown }
    const e = body.error
    if (typeof e === 'string' && e) return e
    if (typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string') {
      return (e as { message: string }).message
    }
  } catch {
    // not JSON
  }
  return fallback
}
