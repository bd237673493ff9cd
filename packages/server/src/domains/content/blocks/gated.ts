// Block types gated by the site's plan (Amazon, donation, menu, reservation-booking: contracts' BLOCK_FEATURES).
// The editor hides them; a layout write holding one is refused here too when the plan lacks its feature flag. The
// check itself (and its typed 403 feature_not_in_plan) belongs to the billing domain, reached through a port.
import { ALL_BLOCK_TYPES, BLOCK_FEATURES } from '@sitewright/contracts'

/** Throws the billing domain's feature_not_in_plan when the site's plan lacks `flag`. */
export type RequireFeature = (siteId: string, flag: number) => Promise<void>

interface LayoutLike {
  sections: { blocks: { type?: number | undefined; typeName?: string | undefined }[] }[]
}

const NAME_OF_TYPE = new Map<number, string>(Object.entries(ALL_BLOCK_TYPES).map(([name, id]) => [id, name]))

/** The feature flags the layout's blocks need, each once, in the order first met. */
export function gatedFlags(layout: LayoutLike | null | undefined): number[] {
  const flags = new Set<number>()
  for (const s of layout?.sections ?? []) {
    for (const b of s.blocks) {
      const name = b.typeName ?? (b.type !== undefined ? NAME_OF_TYPE.get(b.type) : undefined)
      const flag = name !== undefined ? BLOCK_FEATURES[name] : undefined
      if (flag !== undefined) flags.add(flag)
    }
  }
  return [...flags]
}

/** Refuses a layout with a block the site's plan does not open (no port: nothing is gated). */
export async function refuseGatedBlocks(siteId: string, layout: LayoutLike | null | undefined, requireFeature: RequireFeature | undefined): Promise<void> {
  if (!requireFeature) return
  for (const flag of gatedFlags(layout)) await requireFeature(siteId, flag)
}
