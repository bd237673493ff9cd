// A least-recently-used cache: reading an entry makes it the newest; storing past the capacity drops the oldest.
// Default capacity 100 (SPEC.md: LRU cache default 100).

export const LRU_DEFAULT_CAPACITY = 100

export class Lru<K, V> {
  private readonly entries = new Map<K, V>()

  constructor(readonly capacity: number = LRU_DEFAULT_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('Lru: the capacity must be a positive integer')
  }

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined
    const v = this.entries.get(key) as V
    this.entries.delete(key)
    this.entries.set(key, v)
    return v
  }

  set(key: K, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K)
  }

  has(key: K): boolean {
    return this.entries.has(key)
  }

  get size(): number {
    return this.entries.size
  }
}
