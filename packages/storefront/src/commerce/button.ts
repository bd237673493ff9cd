// Add-to-cart button state machine: idle -> adding ('Adding…') -> on success either straight to
// checkout (express) or, after about 1 s, 'Added!' for about 2 s, then idle; on error back to idle after about
// 1 s. Clicks are ignored unless idle. Timers are injectable for tests.
import { ADDED_TEXT, ADDING_TEXT } from './messages.js'

export type ButtonState = 'idle' | 'adding' | 'added' | 'checkout' | 'failed'

export const SUCCESS_DELAY_MS = 1000
export const ADDED_DURATION_MS = 2000
export const ERROR_DELAY_MS = 1000

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
}

export interface ButtonMachine {
  readonly state: ButtonState
  readonly label: string
  /** Starts adding; false (nothing happens) unless idle. */
  start(): boolean
  succeed(opts?: { express?: boolean }): void
  fail(): void
  onChange(listener: (state: ButtonState, label: string) => void): void
}

export function createButtonMachine(idleLabel: string, timers: Timers = globalThis): ButtonMachine {
  let state: ButtonState = 'idle'
  const listeners: ((s: ButtonState, l: string) => void)[] = []
  const labelOf = (s: ButtonState) => (s === 'adding' || s === 'checkout' ? ADDING_TEXT : s === 'added' ? ADDED_TEXT : idleLabel)
  const go = (next: ButtonState) => {
    state = next
    listeners.forEach((l) => l(state, labelOf(state)))
  }
  return {
    get state() {
      return state
    },
    get label() {
      return labelOf(state)
    },
    start() {
      if (state !== 'idle') return false
      go('adding')
      return true
    },
    succeed(opts = {}) {
      if (state !== 'adding') return
      if (opts.express) return go('checkout')
      timers.setTimeout(() => {
        go('added')
        timers.setTimeout(() => go('idle'), ADDED_DURATION_MS)
      }, SUCCESS_DELAY_MS)
    },
    fail() {
      if (state !== 'adding') return
      go('failed')
      timers.setTimeout(() => go('idle'), ERROR_DELAY_MS)
    },
    onChange: (l) => void listeners.push(l),
  }
}

/** Enter (13) and Space (32) work like a click on the role=button element. */
export function isActivationKey(e: Pick<KeyboardEvent, 'keyCode' | 'key'>): boolean {
  return e.keyCode === 13 || e.keyCode === 32 || e.key === 'Enter' || e.key === ' '
}
