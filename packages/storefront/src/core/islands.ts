// Islands: elements marked data-island="<name>" (props as JSON in data-props) get a lazily loaded module.
// A page without islands loads no island code at all (and so never downloads React).
import type { StorefrontBus } from '../events.js'
import type { ChunkLoader } from './chunks.js'

export const ISLAND_SELECTOR = '[data-island]'

export interface IslandContext {
  bus: StorefrontBus
}

export interface IslandModule {
  /** Renders into `element`; returns how to unmount. */
  mount(element: HTMLElement, props: Record<string, unknown>, ctx: IslandContext): () => void
}

export type IslandState = 'pending' | 'mounted' | 'failed'

function readProps(el: HTMLElement): Record<string, unknown> {
  const raw = el.getAttribute('data-props')
  if (!raw) return {}
  try {
    const parsed: unknown = JSON.parse(raw)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/** Mounts every island under `root` not mounted yet; resolves when all have mounted or failed. */
export async function mountIslands(
  root: ParentNode,
  loader: ChunkLoader<IslandModule>,
  ctx: IslandContext,
): Promise<IslandState[]> {
  const elements = [...root.querySelectorAll<HTMLElement>(ISLAND_SELECTOR)].filter(
    (el) => !el.dataset.islandState,
  )
  return Promise.all(
    elements.map(async (el): Promise<IslandState> => {
      const name = el.dataset.island ?? ''
      el.dataset.islandState = 'pending'
      try {
        const mod = await loader.load(name)
        mod.mount(el, readProps(el), ctx)
        el.dataset.islandState = 'mounted'
        ctx.bus.emit('island:mounted', { name, element: el })
        return 'mounted'
      } catch (e) {
        el.dataset.islandState = 'failed'
        const error = e instanceof Error ? e : new Error(String(e))
        ctx.bus.emit('island:failed', { name, element: el, error })
        return 'failed'
      }
    }),
  )
}
