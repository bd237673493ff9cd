// Expression evaluation with JavaScript operator semantics.
import { ErrorCode } from '../errors.js'
import { toText } from '../util/values.js'
import { ExprError } from './lex.js'
import { R_ASSIGN, R_BIN, R_CALL, R_PUSH, R_REF, R_UN, R_VAR, type Program } from './parse.js'

export interface ExprScope {
  get(path: string): unknown
  set(name: string, value: unknown): void
}

class Ref {
  constructor(readonly name: string) {}
}

function binary(op: string, a: any, b: any): unknown {
  switch (op) {
    case '+': return a + b
    case '-': return a - b
    case '*': return a * b
    case '/': return a / b
    case '%': return a % b
    case '**': return a ** b
    case '<<': return a << b
    case '>>': return a >> b
    case '>>>': return a >>> b
    case '<': return a < b
    case '<=': return a <= b
    case '>': return a > b
    case '>=': return a >= b
    case '==': return a == b
    case '!=': return a != b
    case '===': return a === b
    case '!==': return a !== b
    case '&': return a & b
    case '^': return a ^ b
    case '|': return a | b
    case '&&': return a && b
    case '||': return a || b
    case '??': return a ?? b
  }
  return undefined
}

function unary(op: string, a: any): unknown {
  switch (op) {
    case '-': return -a
    case '+': return +a
    case '!': return !a
    case '~': return ~a
  }
  return undefined
}

function call(name: string, args: unknown[], pos: number): unknown {
  const need = (n: number): void => {
    if (args.length !== n) throw new ExprError(ErrorCode.EXPR_CALL_FAILED, `${name}() takes ${n} argument(s), got ${args.length}`, pos)
  }
  switch (name) {
    case 'max':
    case 'min':
      if (args.length === 0) throw new ExprError(ErrorCode.EXPR_CALL_FAILED, `${name}() needs arguments`, pos)
      return name === 'max' ? Math.max(...args.map(Number)) : Math.min(...args.map(Number))
    case 'abs':
      need(1)
      return Math.abs(Number(args[0]))
    case 'num':
      need(1)
      return typeof args[0] === 'string' ? Number(args[0].trim() === '' ? NaN : args[0]) : Number(args[0])
    case 'str':
      need(1)
      return toText(args[0])
    case 'bool':
      need(1)
      return Boolean(args[0])
  }
  throw new ExprError(ErrorCode.EXPR_INVALID_FUNCTION, `invalid function '${name}'`, pos)
}

/** Run a program; returns the value left by the last statement (undefined when none). Throws ExprError. */
export function evaluate(prog: Program, scope: ExprScope): unknown {
  let result: unknown
  const stack: unknown[] = []
  for (const stmt of prog) {
    stack.length = 0
    for (const it of stmt) {
      switch (it.r) {
        case R_PUSH:
          stack.push(it.v)
          break
        case R_VAR: {
          const v = scope.get(it.v as string)
          stack.push(v === undefined ? null : v)
          break
        }
        case R_REF:
          stack.push(new Ref(it.v as string))
          break
        case R_UN:
          stack.push(unary(it.v as string, stack.pop()))
          break
        case R_BIN: {
          const b = stack.pop()
          const a = stack.pop()
          if (a instanceof Ref || b instanceof Ref) throw new ExprError(ErrorCode.EXPR_INVALID_OPERATOR_ARGS, 'invalid operator arguments', it.pos)
          stack.push(binary(it.v as string, a, b))
          break
        }
        case R_ASSIGN: {
          const v = stack.pop()
          const ref = stack.pop()
          if (!(ref instanceof Ref) || !ref.name.startsWith('@') || ref.name.length < 2 || v instanceof Ref) {
            throw new ExprError(ErrorCode.EXPR_INVALID_OPERATOR_ARGS, 'assignment needs an @variable on the left', it.pos)
          }
          scope.set(ref.name, v)
          break
        }
        case R_CALL: {
          const n = it.n ?? 0
          const args = stack.splice(stack.length - n, n)
          stack.push(call(it.v as string, args, it.pos))
          break
        }
      }
    }
    result = stack.length ? stack[stack.length - 1] : undefined
    if (result instanceof Ref) result = scope.get(result.name)
  }
  return result
}
