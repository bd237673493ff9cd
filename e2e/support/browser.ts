// Chromium through playwright-core: the system browser (CHROME_PATH, else /usr/bin/chromium), never a download.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { ARTIFACTS } from './paths.js'

export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The system Chromium with CHROME_ARGS and a test's own `extraArgs` (host resolver rules, trusted keys). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [...CHROME_ARGS, ...extraArgs],
  })
}

/** Collects console errors and uncaught page errors of `page`. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()} (${msg.location().url})`)
  })
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  return errors
}

/**
 * Errors other than the browser's own log lines for requests the page did not make in error: an expected 401
 * of /api/auth/* (signed out, wrong password) and Chromium's automatic /favicon.ico probe.
 */
export function unexpected(errors: string[]): string[] {
  return errors.filter(
    (e) => !/status of 401 .*\/api\/auth\//.test(e) && !/status of 404 .*\/favicon\.ico\)$/.test(e),
  )
}

/** Where an artifact screenshot named `name` goes (the directory made): for a shot of part of a page. */
export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true })
  return join(ARTIFACTS, `${name}.png`)
}

/** A full-page screenshot kept as an artifact for review. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = artifactPath(name)
  await page.screenshot({ path, fullPage: true })
  return path
}
