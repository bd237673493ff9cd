// A scope frame: the node a block points at, its variables, macros and repeated-section index.
import type { Run } from './types.js'

export class Frame {
  vars: Record<string, unknown> | null = null
  macros: Record<string, Run> | null = null
  constructor(
    public node: unknown,
    public readonly parent: Frame | null,
    /** 0-based index inside a repeated section, -1 otherwise */
    public index = -1,
    /** private scope: name resolution stops here */
    public readonly stop = false,
  ) {}

  setVar(name: string, value: unknown): void {
    if (this.vars === null) this.vars = Object.create(null) as Record<string, unknown>
    this.vars[name] = value
  }
}
