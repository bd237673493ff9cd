// Default limits (on by default: a hostile template cannot hang a server).
export const DEFAULT_LIMITS = {
  /** Max tokens in one `.eval` expression. */
  maxTokens: 500,
  /** Max length of one string literal in an expression. */
  maxStringLen: 1000,
  /** Max partial / macro recursion depth (16 by default). */
  maxPartialDepth: 16,
  /** Max executed instructions per render. */
  maxInstructions: 5_000_000,
  /** Max output characters per render. */
  maxOutputChars: 20_000_000,
  /** Max block nesting in one template. */
  maxDepth: 256,
} as const

/** The largest array index a variable segment can name (`{items.2147483647}`); longer digit runs are object keys. */
export const VARIABLE_INDEX_MAX = 2147483647
