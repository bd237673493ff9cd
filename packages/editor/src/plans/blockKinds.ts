// The block kinds the pickers may offer: the gated ones (Amazon, donation, menu, reservation-booking) only when the
// site's plan has their feature flag.
import { blockAllowed } from '@sitewright/contracts'
import { BLOCK_KINDS, type BlockKind } from '../editor/blocks/catalog.js'
import { usePlan } from './PlanContext.js'

export function offeredBlockKinds(flags: readonly number[] | null): readonly BlockKind[] {
  return flags === null ? BLOCK_KINDS : BLOCK_KINDS.filter((k) => blockAllowed(k.typeName, flags))
}

/** Outside a plan provider (or when the plan could not be read) every kind is offered; while it loads, the gated ones are not. */
export function useBlockKinds(): readonly BlockKind[] {
  const ctx = usePlan()
  return offeredBlockKinds(ctx && !ctx.failed ? (ctx.plan?.flags ?? []) : null)
}
