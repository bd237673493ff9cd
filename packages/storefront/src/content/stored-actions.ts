// Actions a visitor started before signing in: kept in localStorage under the spec's stored-actions key while the
// visitor signs in, replayed once on the page they come back to, then removed. Each entry has a kind, a target, a
// payload and its creation time; an entry older than STORED_ACTION_TTL_MS is dropped unreplayed, and at most
// MAX_STORED_ACTIONS wait (the newest kept). The SPEC names the key only; this shape is ours.
import { STORED_ACTIONS_KEY } from '@sitewright/contracts/enums'

export const STORED_ACTION_TTL_MS = 15 * 60_000
export const MAX_STORED_ACTIONS = 3

export interface StoredAction {
  kind: string
  target: string
  payload: Record<string, unknown>
  createdAt: number
}

export type ActionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function isAction(v: unknown): v is StoredAction {
  if (typeof v !== 'object' || v === null) return false
  const a = v as Record<string, unknown>
  return typeof a.kind === 'string' && typeof a.target === 'string' && typeof a.createdAt === 'number' && typeof a.payload === 'object' && a.payload !== null
}

/** The entries still waiting (unexpired, well-formed), oldest first. */
export function readActions(storage: ActionStorage | null, now: number = Date.now()): StoredAction[] {
  let raw: string | null = null
  try {
    raw = storage?.getItem(STORED_ACTIONS_KEY) ?? null
  } catch {
    return []
  }
  if (!raw) return []
  let list: unknown
  try {
    list = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(list)) return []
  return list.filter(isAction).filter((a) => a.createdAt <= now && now - a.createdAt < STORED_ACTION_TTL_MS)
}

/** Keeps an action for after sign-in (the same kind and target once; the newest MAX_STORED_ACTIONS). False when the
 * browser refuses storage. */
export function storeAction(storage: ActionStorage | null, action: Omit<StoredAction, 'createdAt'>, now: number = Date.now()): boolean {
  if (!storage) return false
  const list = readActions(storage, now).filter((a) => !(a.kind === action.kind && a.target === action.target))
  list.push({ ...action, createdAt: now })
  try {
    storage.setItem(STORED_ACTIONS_KEY, JSON.stringify(list.slice(-MAX_STORED_ACTIONS)))
    return true
  } catch {
    return false
  }
}

/** Removes the entries of the given kinds that `accept` takes, returning them: the caller replays each exactly once
 * (they are gone from storage before the replay starts, so a reload mid-way cannot repeat them). The rest stay. */
export function takeActions(storage: ActionStorage | null, accept: (a: StoredAction) => boolean, now: number = Date.now()): StoredAction[] {
  if (!storage) return []
  const live = readActions(storage, now)
  const taken = live.filter(accept)
  const rest = live.filter((a) => !accept(a))
  try {
    if (rest.length) storage.setItem(STORED_ACTIONS_KEY, JSON.stringify(rest))
    else storage.removeItem(STORED_ACTIONS_KEY)
  } catch {
    return [] // cannot remove them: do not replay, or they would run again on the next page
  }
  return taken
}
