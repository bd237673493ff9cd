// What the CLI's commands share: the app opened on the configured database (no server, no background work), clear
// errors, passwords read without echo, sizes for people.
import { buildApp, type App } from '../app/index.js'
import { loadConfig } from '../platform/config.js'
import { DataDirLockedError } from '../platform/db/index.js'
import { AppError } from '../platform/errors.js'

/** An error the CLI prints as it is (no stack), exiting with `code`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message)
  }
}

/** The app on the configured database (DATA_DIR's PGlite or DATABASE_URL), quiet, for one command. */
export async function openApp(): Promise<App> {
  const config = { ...loadConfig(process.env), logLevel: 'silent' as const, seedDemo: false }
  try {
    return await buildApp(config, { background: false })
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      throw new CliError(
        `The data directory ${e.dir} is in use by a running Sitewright server (pid ${e.pid}): its embedded database serves one process at a time.\n` +
          'Stop that server and run this command again, or use the editor while it runs (Settings -> Export / Import).',
      )
    }
    throw e
  }
}

/** Runs `fn`; domain errors become plain messages. */
export async function plainErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (e instanceof AppError) throw new CliError(e.message)
    throw e
  }
}

/** Runs `fn` with the app and always closes it; domain errors become plain messages. */
export async function withApp<T>(fn: (app: App) => Promise<T>): Promise<T> {
  const app = await openApp()
  try {
    return await plainErrors(() => fn(app))
  } finally {
    await app.close()
  }
}

/** A password from the terminal (not echoed, asked twice) or the first line of piped standard input. */
export async function readPassword(label: string): Promise<string> {
  const stdin = process.stdin
  if (!stdin.isTTY) {
    let text = ''
    for await (const chunk of stdin) {
      text += String(chunk)
      if (text.includes('\n')) break
    }
    const line = text.split(/\r?\n/)[0] ?? ''
    if (!line) throw new CliError(`${label}: none given on standard input.`, 2)
    return line
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve, reject) => {
      process.stderr.write(prompt)
      stdin.setRawMode(true)
      stdin.resume()
      let value = ''
      const onData = (data: Buffer) => {
        for (const ch of data.toString('utf8')) {
          if (ch === '\r' || ch === '\n') return done(null)
          if (ch === '\u0003') return done(new CliError('Cancelled.', 130))
          if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1)
          else value += ch
        }
      }
      const done = (e: Error | null) => {
        stdin.off('data', onData)
        stdin.setRawMode(false)
        stdin.pause()
        process.stderr.write('\n')
        if (e) reject(e)
        else resolve(value)
      }
      stdin.on('data', onData)
    })
  const first = await ask(`${label}: `)
  if ((await ask(`${label} again: `)) !== first) throw new CliError('The two passwords differ.', 2)
  return first
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let v = bytes / 1024
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`
}
