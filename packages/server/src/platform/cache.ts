// A read-through cache for values other nodes may change (a site's host, its tracking settings): each entry lives
// `ttlMs`, one read at a time per key, and an entry asked for in the last fifth of its life is read again in the
// background, so a key in use never expires and its callers never wait (no value older than `ttlMs` is used). A read
// started before a `reload` of its key or a `drop` keeps nothing: the change it may have missed wins.

export interface RefreshingCacheOptions<K, V> {
  read(key: K): Promise<V>
  ttlMs: number
  now?: () => number
  /** false: the answer is returned but not kept, and the key's entry is dropped (a host no longer found). */
  keep?(value: V): boolean
  /** Told of each value kept (before any caller sees it). */
  onKept?(key: K, value: V): void
  /** Beyond it the oldest entry goes. */
  maxEntries?: number
}

export interface RefreshingCache<K, V> {
  /** The fresh value, else undefined (never reads, except the background read of an entry near its end). */
  peek(key: K): V | undefined
  /** The fresh value, or the read under way (or a new one). */
  get(key: K): V | Promise<V>
  /** Reads the key now (not joining a read under way, which then keeps nothing). */
  reload(key: K): Promise<V>
  /** Drops every entry, or those `which` picks; reads under way keep nothing. */
  drop(which?: (value: V, key: K) => boolean): void
  has(key: K): boolean
  readonly size: number
}

export function createRefreshingCache<K, V>(opts: RefreshingCacheOptions<K, V>): RefreshingCache<K, V> {
  const now = opts.now ?? Date.now
  const entries = new Map<K, { value: V; expires: number }>()
  const pending = new Map<K, Promise<V>>()
  /** Reads are numbered: a key's newest read, and the last number a drop overtook. */
  const newest = new Map<K, number>()
  let reads = 0
  let dropped = 0

  function read(key: K): Promise<V> {
    const n = ++reads
    newest.set(key, n)
    const current = () => newest.get(key) === n && n > dropped
    const p = opts.read(key).then(
      (value) => {
        if (current()) {
          newest.delete(key)
          entries.delete(key)
          if (opts.keep?.(value) ?? true) {
            entries.set(key, { value, expires: now() + opts.ttlMs })
            if (opts.maxEntries !== undefined && entries.size > opts.maxEntries) entries.delete(entries.keys().next().value!)
            opts.onKept?.(key, value)
          }
        }
        if (pending.get(key) === p) pending.delete(key)
        return value
      },
      (e: unknown) => {
        if (current()) newest.delete(key)
        if (pending.get(key) === p) pending.delete(key)
        throw e
      },
    )
    pending.set(key, p)
    return p
  }

  const join = (key: K): Promise<V> => pending.get(key) ?? read(key)

  function fresh(key: K): { value: V } | undefined {
    const hit = entries.get(key)
    if (!hit) return undefined
    const left = hit.expires - now()
    if (left <= 0) return undefined
    if (left < opts.ttlMs / 5 && !pending.has(key)) read(key).catch(() => {}) // it expires as before if this fails
    return hit
  }

  return {
    peek: (key) => fresh(key)?.value,
    get(key) {
      const hit = fresh(key)
      return hit ? hit.value : join(key)
    },
    reload(key) {
      entries.delete(key)
      return read(key)
    },
    drop(which) {
      dropped = reads
      pending.clear()
      if (!which) return entries.clear()
      for (const [k, e] of entries) if (which(e.value, k)) entries.delete(k)
    },
    has: (key) => entries.has(key),
    get size() {
      return entries.size
    },
  }
}
