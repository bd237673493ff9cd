#!/usr/bin/env node
// jsont render TEMPLATE --json FILE [--partials FILE] [--locale TAG] [--now MS]
// The command-line shell around the pure engine: it alone reads files.
// eslint-disable-next-line no-restricted-imports -- the CLI is the I/O boundary of this package
import { readFileSync } from 'node:fs'
import { render } from './render.js'
import type { TemplateError } from './errors.js'

const USAGE = 'usage: jsont render TEMPLATE --json FILE [--partials FILE] [--locale TAG] [--now MS]'

/** The source line of an error with a caret under its column. */
export function codeFrame(src: string, line: number, column: number): string {
  const lines = src.split('\n')
  const out: string[] = []
  const width = String(Math.min(lines.length, line + 1)).length
  for (let n = Math.max(1, line - 1); n <= Math.min(lines.length, line + 1); n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1]}`)
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`)
  }
  return out.join('\n')
}

export function formatError(e: TemplateError, src: string, file: string): string {
  const where = e.line !== undefined ? `${e.partial ?? file}:${e.line}:${e.column ?? 1}` : (e.partial ?? file)
  const head = `${where}: ${e.stage} error ${e.code}: ${e.message}`
  return e.line !== undefined && e.partial === undefined ? `${head}\n${codeFrame(src, e.line, e.column ?? 1)}` : head
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown
}

export function main(argv: string[]): number {
  const [cmd, template, ...rest] = argv
  if (cmd !== 'render' || !template) {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  const flags: Record<string, string> = {}
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!
    if (!a.startsWith('--') || rest[i + 1] === undefined) {
      process.stderr.write(`${USAGE}\n`)
      return 2
    }
    flags[a.slice(2)] = rest[++i]!
  }
  let src: string
  let json: unknown = {}
  let partials: Record<string, string> = {}
  try {
    src = readFileSync(template, 'utf8')
    if (flags.json) json = readJson(flags.json)
    if (flags.partials) partials = readJson(flags.partials) as Record<string, string>
  } catch (e) {
    process.stderr.write(`jsont: ${(e as Error).message}\n`)
    return 2
  }
  const now = flags.now === undefined ? undefined : Number(flags.now)
  const { output, errors } = render(src, { json, partials, locale: flags.locale, now })
  process.stdout.write(output)
  if (output !== '' && !output.endsWith('\n')) process.stdout.write('\n')
  for (const e of errors) process.stderr.write(`${formatError(e, src, template)}\n`)
  return errors.some((e) => e.stage !== 'execute') ? 1 : 0
}

const invoked = process.argv[1] ?? ''
if (/(^|[\\/])cli\.(js|ts)$/.test(invoked) || invoked.endsWith('/jsont')) process.exitCode = main(process.argv.slice(2))
