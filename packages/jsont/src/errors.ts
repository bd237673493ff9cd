// Errors are values: every stage reports TemplateError records and goes on.

export type ErrorStage = 'parse' | 'assemble' | 'execute'

export interface TemplateError {
  stage: ErrorStage
  /** Stable machine-readable code (see ErrorCode). */
  code: string
  message: string
  line?: number
  column?: number
  /** Name of the partial (or macro) the error happened in, when not the main template. */
  partial?: string
}

/** Stable error codes of template errors. */
export const ErrorCode = {
  // parse
  UNKNOWN_FORMATTER: 'UNKNOWN_FORMATTER',
  UNKNOWN_PREDICATE: 'UNKNOWN_PREDICATE',
  UNKNOWN_INSTRUCTION: 'UNKNOWN_INSTRUCTION',
  INVALID_ARGUMENTS: 'INVALID_ARGUMENTS',
  UNTERMINATED_COMMENT: 'UNTERMINATED_COMMENT',
  // assemble
  DEAD_CODE_BLOCK: 'DEAD_CODE_BLOCK',
  EOF_IN_BLOCK: 'EOF_IN_BLOCK',
  UNCLOSED_BLOCK: 'UNCLOSED_BLOCK',
  NOT_ALLOWED_IN_BLOCK: 'NOT_ALLOWED_IN_BLOCK',
  NOT_ALLOWED_AT_ROOT: 'NOT_ALLOWED_AT_ROOT',
  NESTING_TOO_DEEP: 'NESTING_TOO_DEEP',
  // expressions (parse stage when compiled, execute stage when evaluated)
  EXPR_INVALID_HEX_ESCAPE: 'EXPR_INVALID_HEX_ESCAPE',
  EXPR_INVALID_UNICODE_ESCAPE: 'EXPR_INVALID_UNICODE_ESCAPE',
  EXPR_MISMATCHED_OPERATOR: 'EXPR_MISMATCHED_OPERATOR',
  EXPR_UNEXPECTED_OPERATOR: 'EXPR_UNEXPECTED_OPERATOR',
  EXPR_INVALID_FUNCTION: 'EXPR_INVALID_FUNCTION',
  EXPR_UNTERMINATED_STRING: 'EXPR_UNTERMINATED_STRING',
  EXPR_DUPLICATE_DECIMAL_POINT: 'EXPR_DUPLICATE_DECIMAL_POINT',
  EXPR_EXPONENT_DIGIT_EXPECTED: 'EXPR_EXPONENT_DIGIT_EXPECTED',
  EXPR_DECIMAL_POINT_IN_EXPONENT: 'EXPR_DECIMAL_POINT_IN_EXPONENT',
  EXPR_TOO_MANY_TOKENS: 'EXPR_TOO_MANY_TOKENS',
  EXPR_STRING_TOO_LONG: 'EXPR_STRING_TOO_LONG',
  EXPR_UNEXPECTED_CHAR: 'EXPR_UNEXPECTED_CHAR',
  EXPR_CALL_FAILED: 'EXPR_CALL_FAILED',
  EXPR_INVALID_OPERATOR_ARGS: 'EXPR_INVALID_OPERATOR_ARGS',
  EXPR_DISABLED: 'EXPR_DISABLED',
  // execute
  PARTIAL_MISSING: 'PARTIAL_MISSING',
  PARTIAL_SYNTAX: 'PARTIAL_SYNTAX',
  RECURSION_LIMIT: 'RECURSION_LIMIT',
  INCLUDE_DISABLED: 'INCLUDE_DISABLED',
  INJECT_MISSING: 'INJECT_MISSING',
  FORMATTER_FAILED: 'FORMATTER_FAILED',
  PREDICATE_FAILED: 'PREDICATE_FAILED',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  BUDGET_INSTRUCTIONS: 'BUDGET_INSTRUCTIONS',
  BUDGET_OUTPUT: 'BUDGET_OUTPUT',
  INVALID_TEMPLATE: 'INVALID_TEMPLATE',
} as const

export type ErrorCodeName = (typeof ErrorCode)[keyof typeof ErrorCode]

export function templateError(
  stage: ErrorStage,
  code: string,
  message: string,
  line?: number,
  column?: number,
): TemplateError {
  const e: TemplateError = { stage, code, message }
  if (line !== undefined) {
    e.line = line
    e.column = column ?? 1
  }
  return e
}
