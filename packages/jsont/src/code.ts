// The compiled instruction tree: plain JSON arrays, laid out like the reference implementation's
// serialised form (opcode first). It is immutable once compiled and safe to JSON.stringify.

export const Op = {
  TEXT: 0,
  VARIABLE: 1,
  SECTION: 2,
  END: 3,
  REPEATED: 4,
  PREDICATE: 5,
  BINDVAR: 6,
  OR_PREDICATE: 7,
  IF: 8,
  INJECT: 9,
  MACRO: 10,
  COMMENT: 11,
  META_LEFT: 12,
  META_RIGHT: 13,
  NEWLINE: 14,
  SPACE: 15,
  TAB: 16,
  ROOT: 17,
  EOF: 18,
  CTXVAR: 22,
  EVAL: 23,
  INCLUDE: 24,
} as const

/** One path segment: names are strings, all-digit segments numbers. */
export type Path = (string | number)[]
/** Arguments of a formatter/predicate/include: [args, delimiter]. */
export type Args = [string[], string]
/** [name] or [name, args] */
export type FormatterCall = [string] | [string, Args]
export type Instruction = unknown[] | number
export type Block = Instruction[]

/** IF operators as stored in the tree. */
export const IF_OR = 0
export const IF_AND = 1

/** The root node: [ROOT, version, block, EOF]. */
export type RootCode = [17, 1, Block, 18]

export function isRootCode(v: unknown): v is RootCode {
  return Array.isArray(v) && v[0] === Op.ROOT && Array.isArray(v[2])
}
