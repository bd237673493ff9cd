import { describe, expect, it } from 'vitest'
import { createEventBus } from './events.js'

interface Events {
  added: { sku: string; quantity: number }
  cleared: null
}

describe('event bus', () => {
  it('delivers typed payloads to subscribers until they unsubscribe', () => {
    const bus = createEventBus<Events>()
    const seen: string[] = []
    const off = bus.on('added', (p) => seen.push(`${p.sku}x${p.quantity}`))
    bus.on('cleared', () => seen.push('cleared'))
    bus.emit('added', { sku: 'A', quantity: 2 })
    bus.emit('cleared', null)
    off()
    bus.emit('added', { sku: 'B', quantity: 1 })
    expect(seen).toEqual(['Ax2', 'cleared'])
  })

  it('runs once-handlers a single time', () => {
    const bus = createEventBus<Events>()
    let calls = 0
    bus.once('cleared', () => calls++)
    bus.emit('cleared', null)
    bus.emit('cleared', null)
    expect(calls).toBe(1)
  })

  it('keeps delivering when a handler throws, reporting the error', () => {
    const errors: unknown[] = []
    const bus = createEventBus<Events>((e) => errors.push(e))
    let delivered = 0
    bus.on('cleared', () => {
      throw new Error('boom')
    })
    bus.on('cleared', () => delivered++)
    bus.emit('cleared', null)
    expect(delivered).toBe(1)
    expect(errors).toHaveLength(1)
  })
})
