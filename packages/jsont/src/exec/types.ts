import type { Ctx } from './context.js'

/** A linked instruction: runs against the render context, appending to its output. */
export type Run = (c: Ctx) => void
