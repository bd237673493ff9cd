import type { PredicateTable } from './types.js'

export const COMMERCE_PREDICATES: PredicateTable = {}
