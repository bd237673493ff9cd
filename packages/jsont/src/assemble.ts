// Stage 3: assemble parsed instructions into the nested instruction tree, checking block structure.
import { Op, type Block, type RootCode } from './code.js'
import { ErrorCode } from './errors.js'
import { P_ALT, P_END, type Parsed } from './parse.js'

type Kind = 'section' | 'repeated' | 'predicate' | 'if' | 'macro'

interface Open {
  kind: Kind
  /** the block instruction (SECTION, REPEATED, ...) */
  node: unknown[]
  /** where new instructions go now */
  block: Block
  /** the instruction whose `next` slot the next `.or` / `.end` fills (the block itself or its last OR_PREDICATE) */
  tail: unknown[]
  /** index of the `next` slot in `tail` */
  tailNext: number
  /** an unconditional `.or` was seen: a further `.or` can never run */
  sawElse: boolean
  /** `.alternates with` was seen */
  sawAlt: boolean
  offset: number
}

export interface AssembleEnv {
  /** An assembler error at a source offset. */
  assembleError(code: string, message: string, offset: number): void
  maxDepth: number
}

/** Slots of a block opener (the parser makes the node at its final length): its block, its `next` (-1: none). */
const BLOCK_INDEX: Record<Kind, number> = { section: 2, repeated: 2, predicate: 3, if: 3, macro: 2 }
const NEXT_INDEX: Record<Kind, number> = { section: 3, repeated: 3, predicate: 4, if: 4, macro: -1 }

export class Assembler {
  private readonly root: Block = []
  private readonly stack: Open[] = []
  private block: Block = this.root
  private lastText: unknown[] | undefined
  private done = false

  constructor(private readonly env: AssembleEnv) {}

  text(s: string): void {
    if (this.done || s === '') return
    if (this.lastText) this.lastText[1] += s
    else {
      this.lastText = [Op.TEXT, s]
      this.block.push(this.lastText)
    }
  }

  comment(s: string, multi: boolean): void {
    if (this.done) return
    this.lastText = undefined
    this.block.push([Op.COMMENT, s, multi ? 1 : 0])
  }

  add(p: Parsed, offset: number): void {
    if (this.done) return
    if (typeof p === 'number') {
      if (p >= 0) return this.leaf(p)
      if (p === P_END) return this.end(offset)
      if (p === P_ALT) return this.alternates(offset)
      if (this.stack.length > 0) {
        const top = this.stack[this.stack.length - 1]!
        this.env.assembleError(ErrorCode.EOF_IN_BLOCK, `{.eof} inside an unclosed ${top.kind} block`, offset)
      }
      this.done = true
      return
    }
    switch (p[0]) {
      case Op.TEXT:
        return this.text(p[1] as string)
      case Op.SECTION:
        return this.open('section', p, offset)
      case Op.REPEATED:
        return this.open('repeated', p, offset)
      case Op.PREDICATE:
        return this.open('predicate', p, offset)
      case Op.IF:
        return this.open('if', p, offset)
      case Op.MACRO:
        return this.open('macro', p, offset)
      case Op.OR_PREDICATE:
        return this.or(p, offset)
      default:
        return this.leaf(p)
    }
  }

  private leaf(node: unknown[] | number): void {
    this.lastText = undefined
    this.block.push(node)
  }

  private open(kind: Kind, node: unknown[], offset: number): void {
    this.lastText = undefined
    if (this.stack.length >= this.env.maxDepth) {
      this.env.assembleError(ErrorCode.NESTING_TOO_DEEP, `blocks nested deeper than ${this.env.maxDepth}`, offset)
    }
    const block: Block = []
    node[BLOCK_INDEX[kind]] = block
    const ni = NEXT_INDEX[kind]
    if (ni >= 0) node[ni] = Op.END
    if (kind === 'repeated') node[4] = []
    this.block.push(node)
    this.stack.push({ kind, node, block, tail: node, tailNext: ni, sawElse: false, sawAlt: false, offset })
    this.block = block
  }

  private or(node: unknown[], offset: number): void {
    const top = this.stack[this.stack.length - 1]
    if (!top) return this.env.assembleError(ErrorCode.NOT_ALLOWED_AT_ROOT, '{.or} outside of a block', offset)
    if (top.kind === 'macro') return this.env.assembleError(ErrorCode.NOT_ALLOWED_IN_BLOCK, '{.or} not allowed in a macro', offset)
    if (top.sawElse) {
      this.env.assembleError(ErrorCode.DEAD_CODE_BLOCK, '{.or} after an unconditional {.or} never runs', offset)
    }
    if (node[1] === 0) top.sawElse = true
    const block: Block = []
    node[3] = block
    node[4] = Op.END
    top.tail[top.tailNext] = node
    top.tail = node
    top.tailNext = 4
    top.block = block
    this.block = block
    this.lastText = undefined
  }

  private alternates(offset: number): void {
    const top = this.stack[this.stack.length - 1]
    if (!top) return this.env.assembleError(ErrorCode.NOT_ALLOWED_AT_ROOT, '{.alternates with} outside of a block', offset)
    if (top.kind !== 'repeated' || top.tail !== top.node || top.sawAlt) {
      return this.env.assembleError(ErrorCode.NOT_ALLOWED_IN_BLOCK, '{.alternates with} only once in a repeated section', offset)
    }
    top.sawAlt = true
    const block = top.node[4] as Block
    top.block = block
    this.block = block
    this.lastText = undefined
  }

  private end(offset: number): void {
    const top = this.stack.pop()
    if (!top) return this.env.assembleError(ErrorCode.NOT_ALLOWED_AT_ROOT, '{.end} without an open block', offset)
    this.lastText = undefined
    this.block = this.stack.length ? this.stack[this.stack.length - 1]!.block : this.root
  }

  finish(srcLength: number): RootCode {
    if (!this.done) {
      for (let i = this.stack.length - 1; i >= 0; i--) {
        const o = this.stack[i]!
        this.env.assembleError(ErrorCode.UNCLOSED_BLOCK, `${o.kind} block never closed (missing {.end})`, o.offset)
      }
      if (this.stack.length) this.env.assembleError(ErrorCode.EOF_IN_BLOCK, 'end of template inside a block', srcLength)
    }
    return [Op.ROOT, 1, this.root, Op.EOF]
  }
}
