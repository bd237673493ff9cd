// The owner's promotion body (POST and PUT .../commerce/promotions), checked against contracts' PromotionInput.
import { z } from 'zod'
import type { Accepts, Assert } from '../../../platform/http/contract.js'
import type { PromotionInput } from '@sitewright/contracts'

const cents = z.number({ message: 'Enter an amount in minor units.' }).int('Use whole minor units.').min(0, 'Cannot be negative.').max(100_000_000, 'Too large.')
const count = z.number().int('A whole number.').min(1, 'At least 1.').max(1_000_000, 'Too large.')
const limit = z.number().int('A whole number.').min(1, 'At least 1.').max(100_000_000, 'Too large.').nullable().default(null)

export const promotionInput = z
  .object({
    name: z.string().trim().min(1, 'Required.').max(100, 'At most 100 characters.'),
    kind: z.enum(['percentage', 'amount', 'buy_x_get_y', 'free_shipping']),
    appliesTo: z.enum(['order', 'products', 'collections']).default('order'),
    targetIds: z.array(z.string().min(1).max(64)).max(200, 'At most 200 targets.').default([]),
    amount: z.number().int('A whole number.').min(0, 'Cannot be negative.').max(100_000_000, 'Too large.').default(0),
    buyQuantity: count.optional(),
    getQuantity: count.optional(),
    minSubtotalCents: cents.default(0),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    active: z.boolean().default(true),
    usageLimit: limit,
    perCustomerLimit: limit,
    combinesWithCodes: z.boolean().default(true),
    combinesWithGiftCards: z.boolean().default(true),
  })
  .strict()
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if ((p.kind === 'percentage' || p.kind === 'buy_x_get_y') && (p.amount < 1 || p.amount > 100)) issue('amount', 'A percentage is 1 to 100.')
    if (p.kind === 'amount' && p.amount < 1) issue('amount', 'Enter the amount off in minor units.')
    if (p.kind === 'buy_x_get_y' && !p.buyQuantity) issue('buyQuantity', 'How many to buy: at least 1.')
    if (p.kind === 'buy_x_get_y' && !p.getQuantity) issue('getQuantity', 'How many to get: at least 1.')
    if (p.kind === 'buy_x_get_y' && p.appliesTo === 'order') issue('appliesTo', 'Buy X get Y applies to products or collections.')
    if (p.kind === 'free_shipping' && p.appliesTo !== 'order') issue('appliesTo', 'Free shipping applies to the order.')
    if (p.appliesTo !== 'order' && p.targetIds.length === 0) issue('targetIds', 'Choose at least one product or collection.')
    if (p.startsAt && p.endsAt && Date.parse(p.endsAt) <= Date.parse(p.startsAt)) issue('endsAt', 'The end must be after the start.')
  })

export type PromotionInputAccepted = Assert<Accepts<z.input<typeof promotionInput>, PromotionInput>>
