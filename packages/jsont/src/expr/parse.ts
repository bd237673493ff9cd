// Expression parser: tokens -> statements in reverse Polish notation (shunting-yard with JavaScript precedence).
import { ErrorCode } from '../errors.js'
import { ExprError, K_COMMA, K_CONST, K_FN, K_LPAREN, K_NUM, K_OP, K_RPAREN, K_SEMI, K_STR, K_VAR, lex, type ExprLimits, type Tok } from './lex.js'

export const R_PUSH = 0
export const R_VAR = 1
export const R_REF = 2
export const R_BIN = 3
export const R_UN = 4
export const R_CALL = 5
export const R_ASSIGN = 6

export interface RpnItem {
  r: number
  /** literal value, variable path, operator or function name */
  v: unknown
  /** argument count of a call */
  n?: number
  pos: number
}
export type Program = RpnItem[][]

export const FUNCTIONS = new Set(['max', 'min', 'abs', 'num', 'str', 'bool'])

const BINARY: Record<string, number> = {
  '**': 14,
  '*': 13,
  '/': 13,
  '%': 13,
  '+': 12,
  '-': 12,
  '<<': 11,
  '>>': 11,
  '>>>': 11,
  '<': 10,
  '<=': 10,
  '>': 10,
  '>=': 10,
  '==': 9,
  '!=': 9,
  '===': 9,
  '!==': 9,
  '&': 8,
  '^': 7,
  '|': 6,
  '&&': 5,
  '||': 4,
  '??': 4,
  '=': 1,
}
const UNARY_PREC = 15
const RIGHT_ASSOC = new Set(['**', '=', 'u'])

interface StackOp {
  /** 'b' binary, 'u' unary, '(' paren, 'f' function */
  t: 'b' | 'u' | '(' | 'f'
  v: string
  pos: number
  prec: number
  argc?: number
  /** a value was seen since the last comma inside this call */
  seen?: boolean
}

function statement(toks: Tok[]): RpnItem[] {
  const out: RpnItem[] = []
  const ops: StackOp[] = []
  let expectOperand = true
  const popWhile = (prec: number, right: boolean): void => {
    for (;;) {
      const top = ops[ops.length - 1]
      if (!top || top.t === '(' || top.t === 'f') return
      if (top.prec > prec || (top.prec === prec && !right)) {
        ops.pop()
        out.push({ r: top.t === 'u' ? R_UN : top.v === '=' ? R_ASSIGN : R_BIN, v: top.v, pos: top.pos })
      } else return
    }
  }
  const markSeen = (): void => {
    for (let i = ops.length - 1; i >= 0; i--) {
      const o = ops[i]!
      if (o.t === 'f') {
        o.seen = true
        return
      }
      if (o.t === '(') return
    }
  }
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!
    switch (t.k) {
      case K_NUM:
      case K_STR:
      case K_CONST:
        out.push({ r: R_PUSH, v: t.v, pos: t.pos })
        markSeen()
        expectOperand = false
        break
      case K_VAR: {
        const next = toks[i + 1]
        const isRef = next !== undefined && next.k === K_OP && next.v === '='
        out.push({ r: isRef ? R_REF : R_VAR, v: t.v, pos: t.pos })
        markSeen()
        expectOperand = false
        break
      }
      case K_FN:
        if (!FUNCTIONS.has(t.v as string)) throw new ExprError(ErrorCode.EXPR_INVALID_FUNCTION, `invalid function '${String(t.v)}'`, t.pos)
        markSeen()
        ops.push({ t: 'f', v: t.v as string, pos: t.pos, prec: 0, argc: 0, seen: false })
        if (toks[i + 1]?.k === K_LPAREN) i++
        expectOperand = true
        break
      case K_LPAREN:
        markSeen()
        ops.push({ t: '(', v: '(', pos: t.pos, prec: 0 })
        expectOperand = true
        break
      case K_RPAREN: {
        popWhile(-1, false)
        const top = ops.pop()
        if (!top) throw new ExprError(ErrorCode.EXPR_MISMATCHED_OPERATOR, "mismatched ')'", t.pos)
        if (top.t === 'f') out.push({ r: R_CALL, v: top.v, n: (top.argc ?? 0) + (top.seen ? 1 : 0), pos: top.pos })
        expectOperand = false
        break
      }
      case K_COMMA: {
        popWhile(-1, false)
        const top = ops[ops.length - 1]
        if (!top || top.t !== 'f') throw new ExprError(ErrorCode.EXPR_UNEXPECTED_OPERATOR, "unexpected ','", t.pos)
        top.argc = (top.argc ?? 0) + 1
        top.seen = false
        expectOperand = true
        break
      }
      case K_OP: {
        const op = t.v as string
        if (expectOperand || op === '!' || op === '~') {
          if (op !== '-' && op !== '+' && op !== '!' && op !== '~') {
            throw new ExprError(ErrorCode.EXPR_UNEXPECTED_OPERATOR, `unexpected operator '${op}'`, t.pos)
          }
          ops.push({ t: 'u', v: op, pos: t.pos, prec: UNARY_PREC })
          expectOperand = true
          break
        }
        const prec = BINARY[op]!
        popWhile(prec, RIGHT_ASSOC.has(op))
        ops.push({ t: 'b', v: op, pos: t.pos, prec })
        expectOperand = true
        break
      }
    }
  }
  while (ops.length) {
    const top = ops.pop()!
    if (top.t === '(' || top.t === 'f') throw new ExprError(ErrorCode.EXPR_MISMATCHED_OPERATOR, "mismatched '('", top.pos)
    out.push({ r: top.t === 'u' ? R_UN : top.v === '=' ? R_ASSIGN : R_BIN, v: top.v, pos: top.pos })
  }
  check(out)
  return out
}

/** Static stack-depth check: every operator and call has its arguments. */
function check(rpn: RpnItem[]): void {
  let depth = 0
  for (const it of rpn) {
    if (it.r === R_PUSH || it.r === R_VAR || it.r === R_REF) depth++
    else if (it.r === R_UN) {
      if (depth < 1) throw new ExprError(ErrorCode.EXPR_INVALID_OPERATOR_ARGS, `operator '${String(it.v)}' needs an argument`, it.pos)
    } else if (it.r === R_BIN || it.r === R_ASSIGN) {
      if (depth < 2) throw new ExprError(ErrorCode.EXPR_INVALID_OPERATOR_ARGS, `operator '${String(it.v)}' needs two arguments`, it.pos)
      depth--
    } else if (it.r === R_CALL) {
      depth = depth - (it.n ?? 0) + 1
    }
  }
}

/** Parse an expression source into statements; throws ExprError. */
export function parseExpr(src: string, limits: ExprLimits): Program {
  const toks = lex(src, limits)
  const prog: Program = []
  let start = 0
  let depth = 0
  for (let i = 0; i <= toks.length; i++) {
    const t = toks[i]
    if (t && t.k === K_LPAREN) depth++
    else if (t && t.k === K_RPAREN) depth--
    const split = !t || t.k === K_SEMI || (t.k === K_COMMA && depth <= 0)
    if (!split) continue
    if (i > start) prog.push(statement(toks.slice(start, i)))
    start = i + 1
  }
  return prog
}
