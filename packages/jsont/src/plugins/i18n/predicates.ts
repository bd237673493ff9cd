// I18N predicates, for the registry in plugins/index.ts to merge.
import type { PredicateTable } from '../types.js'
import { I18nErrorCode } from './codes.js'

export const I18N_PREDICATES: PredicateTable = {
  /** 'units-metric?' is not implemented: an error, and the block's `.or` branch runs. */
  'units-metric?': (_args, ctx) => {
    ctx.error(I18nErrorCode.NOT_IMPLEMENTED, "The 'units-metric?' predicate is not implemented")
    return false
  },
}
