// Expression tokenizer for `.eval`.
import { ErrorCode } from '../errors.js'

export const K_NUM = 0
export const K_STR = 1
export const K_VAR = 2
export const K_CONST = 3
export const K_OP = 4
export const K_LPAREN = 5
export const K_RPAREN = 6
export const K_COMMA = 7
export const K_SEMI = 8
export const K_FN = 9

export interface Tok {
  k: number
  /** number / string / constant value, operator text, variable path or function name */
  v: unknown
  pos: number
}

export class ExprError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly pos: number,
  ) {
    super(message)
  }
}

export interface ExprLimits {
  maxTokens: number
  maxStringLen: number
}

export const CONSTANTS: Readonly<Record<string, unknown>> = {
  true: true,
  false: false,
  null: null,
  NaN: NaN,
  Infinity: Infinity,
  PI: Math.PI,
  E: Math.E,
}

// longest first
const OPERATORS = ['>>>', '===', '!==', '**', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '??', '+', '-', '*', '/', '%', '<', '>', '!', '~', '&', '|', '^', '=']

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9'
const isHex = (c: string | undefined): boolean => c !== undefined && /[0-9a-fA-F]/.test(c)
const isNameStart = (c: string | undefined): boolean => c !== undefined && /[A-Za-z_$@]/.test(c)
const isNameChar = (c: string | undefined): boolean => c !== undefined && /[\w$@]/.test(c)

function readNumber(s: string, i: number): [number, number] {
  const start = i
  if (s[i] === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X')) {
    let j = i + 2
    while (isHex(s[j])) j++
    if (j === i + 2) throw new ExprError(ErrorCode.EXPR_UNEXPECTED_CHAR, 'hex digits expected after 0x', i)
    return [Number(s.slice(i, j)), j]
  }
  let dot = false
  let exp = false
  for (; i < s.length; i++) {
    const c = s[i]!
    if (isDigit(c)) continue
    if (c === '.') {
      if (exp) throw new ExprError(ErrorCode.EXPR_DECIMAL_POINT_IN_EXPONENT, 'decimal point in exponent', i)
      if (dot) throw new ExprError(ErrorCode.EXPR_DUPLICATE_DECIMAL_POINT, 'duplicate decimal point in number', i)
      dot = true
      continue
    }
    if ((c === 'e' || c === 'E') && !exp) {
      exp = true
      if (s[i + 1] === '+' || s[i + 1] === '-') i++
      if (!isDigit(s[i + 1])) throw new ExprError(ErrorCode.EXPR_EXPONENT_DIGIT_EXPECTED, 'digit expected after exponent', i + 1)
      continue
    }
    break
  }
  return [Number(s.slice(start, i).replace(/\.$/, '')), i]
}

function readString(s: string, i: number, limits: ExprLimits): [string, number] {
  const quote = s[i]!
  let out = ''
  let j = i + 1
  for (;;) {
    if (j >= s.length) throw new ExprError(ErrorCode.EXPR_UNTERMINATED_STRING, 'unterminated string', i)
    const c = s[j]!
    if (c === quote) break
    if (c === '\\') {
      const e = s[j + 1]
      if (e === 'x') {
        const h = s.slice(j + 2, j + 4)
        if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new ExprError(ErrorCode.EXPR_INVALID_HEX_ESCAPE, 'invalid 2-char hex escape', j)
        out += String.fromCharCode(parseInt(h, 16))
        j += 4
      } else if (e === 'u') {
        let cp: number
        if (s[j + 2] === '{') {
          const close = s.indexOf('}', j + 3)
          const h = close === -1 ? '' : s.slice(j + 3, close)
          if (!/^[0-9a-fA-F]{1,6}$/.test(h) || parseInt(h, 16) > 0x10ffff) {
            throw new ExprError(ErrorCode.EXPR_INVALID_UNICODE_ESCAPE, 'invalid unicode escape', j)
          }
          cp = parseInt(h, 16)
          j = close + 1
        } else {
          const h = s.slice(j + 2, j + 6)
          if (!/^[0-9a-fA-F]{4}$/.test(h)) throw new ExprError(ErrorCode.EXPR_INVALID_UNICODE_ESCAPE, 'invalid unicode escape', j)
          cp = parseInt(h, 16)
          j += 6
        }
        out += String.fromCodePoint(cp)
      } else if (e === undefined) {
        throw new ExprError(ErrorCode.EXPR_UNTERMINATED_STRING, 'unterminated string', i)
      } else {
        const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' }
        out += map[e] ?? e
        j += 2
      }
    } else {
      out += c
      j++
    }
    if (out.length > limits.maxStringLen) {
      throw new ExprError(ErrorCode.EXPR_STRING_TOO_LONG, `string longer than ${limits.maxStringLen} characters`, i)
    }
  }
  return [out, j + 1]
}

export function lex(s: string, limits: ExprLimits): Tok[] {
  const toks: Tok[] = []
  let i = 0
  const push = (t: Tok): void => {
    if (toks.length >= limits.maxTokens) {
      throw new ExprError(ErrorCode.EXPR_TOO_MANY_TOKENS, `expression has more than ${limits.maxTokens} tokens`, t.pos)
    }
    toks.push(t)
  }
  while (i < s.length) {
    const c = s[i]!
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++
      continue
    }
    const pos = i
    if (isDigit(c) || (c === '.' && isDigit(s[i + 1]))) {
      const [v, j] = readNumber(s, i)
      push({ k: K_NUM, v, pos })
      i = j
    } else if (c === '"' || c === "'") {
      const [v, j] = readString(s, i, limits)
      push({ k: K_STR, v, pos })
      i = j
    } else if (isNameStart(c)) {
      let j = i + 1
      while (j < s.length && (isNameChar(s[j]) || (s[j] === '.' && isNameChar(s[j + 1])))) j++
      const name = s.slice(i, j)
      let k = j
      while (s[k] === ' ') k++
      if (s[k] === '(' && !name.startsWith('@') && name.indexOf('.') === -1) push({ k: K_FN, v: name, pos })
      else if (Object.prototype.hasOwnProperty.call(CONSTANTS, name)) push({ k: K_CONST, v: CONSTANTS[name], pos })
      else push({ k: K_VAR, v: name, pos })
      i = j
    } else if (c === '(') {
      push({ k: K_LPAREN, v: c, pos })
      i++
    } else if (c === ')') {
      push({ k: K_RPAREN, v: c, pos })
      i++
    } else if (c === ',') {
      push({ k: K_COMMA, v: c, pos })
      i++
    } else if (c === ';') {
      push({ k: K_SEMI, v: c, pos })
      i++
    } else {
      const op = OPERATORS.find((o) => s.startsWith(o, i))
      if (!op) throw new ExprError(ErrorCode.EXPR_UNEXPECTED_CHAR, `unexpected character '${c}'`, i)
      push({ k: K_OP, v: op, pos })
      i += op.length
    }
  }
  return toks
}
