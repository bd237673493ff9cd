// Options of one render. Limits are on by default (a hostile template cannot hang a server).
export interface RenderOptions {
  /** `.eval` expressions enabled (default true). */
  enableExpr?: boolean
  /** `.include` enabled (default true). */
  enableInclude?: boolean
  /** Max tokens in one `.eval` expression. */
  maxTokens?: number
  /** Max length of a string literal in an expression. */
  maxStringLen?: number
  /** Max partial / macro recursion depth (spec: 16). */
  maxPartialDepth?: number
  /** Render budget: max executed instructions. */
  maxInstructions?: number
  /** Render budget: max output characters. */
  maxOutputChars?: number
  /** `debug?` predicate is true for the whole render. */
  debug?: boolean
}
