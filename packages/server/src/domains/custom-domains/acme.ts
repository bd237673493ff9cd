// ACME (RFC 8555) through acme-client: account key, HTTP-01 orders and revocation. The protocol, JOSE and the CSR
// are the library's; this file only hands it our key store and challenge store. acme-client (with axios and
// node-forge) is loaded on first use, so a server that never orders a certificate never loads it.
import { readFileSync } from 'node:fs'
import { Agent } from 'node:https'
import { rootCertificates } from 'node:tls'

export interface AcmeSettings {
  directoryUrl: string
  /** Extra CA (PEM file) trusted for the ACME server (a test CA such as Pebble, a private CA). */
  caFile: string | null
  email: string | null
}

export interface AcmeStore {
  /** The account key PEM of this directory (made and saved on first use). */
  accountKey(make: () => Promise<string>): Promise<string>
  putChallenge(token: string, keyAuthorization: string, hostname: string): Promise<void>
  dropChallenge(token: string): Promise<void>
}

export interface IssuedCertificate {
  certPem: string
  keyPem: string
  issuer: string
  notAfter: Date
}

type AcmeLib = typeof import('acme-client')
let lib: Promise<AcmeLib> | null = null
let trustedCaFile: string | null = null

async function load(settings: AcmeSettings): Promise<AcmeLib> {
  const acme = await (lib ??= import('acme-client'))
  if (settings.caFile && trustedCaFile !== settings.caFile) {
    // acme-client talks through its own axios instance: trust the extra CA there (and only there)
    acme.axios.defaults.httpsAgent = new Agent({ ca: [...rootCertificates, readFileSync(settings.caFile, 'utf8')], keepAlive: false })
    trustedCaFile = settings.caFile
  }
  return acme
}

async function client(settings: AcmeSettings, store: AcmeStore) {
  const acme = await load(settings)
  const accountKey = await store.accountKey(async () => (await acme.crypto.createPrivateEcdsaKey()).toString())
  const c = new acme.Client({ directoryUrl: settings.directoryUrl, accountKey })
  // the account of this key (another node or an earlier order made it), else a new one: acme-client would
  // otherwise "update" an existing account with the terms flag, which CAs refuse as an empty update
  try {
    await c.createAccount({ onlyReturnExisting: true })
  } catch {
    await c.createAccount({ termsOfServiceAgreed: true, ...(settings.email ? { contact: [`mailto:${settings.email}`] } : {}) })
  }
  return { acme, client: c }
}

/** Orders a certificate for `hostname` over HTTP-01 (the challenge answered from the store by any node). */
export async function orderCertificate(settings: AcmeSettings, store: AcmeStore, hostname: string): Promise<IssuedCertificate> {
  const { acme, client: c } = await client(settings, store)
  const [key, csr] = await acme.crypto.createCsr({ commonName: hostname, altNames: [hostname] }, await acme.crypto.createPrivateEcdsaKey())
  const certPem = await c.auto({
    csr,
    termsOfServiceAgreed: true,
    challengePriority: ['http-01'],
    // acme-client's own pre-check fetches the challenge through the system resolver on port 80; the answer comes
    // from the database on every node, so the CA's own check is the one that counts
    skipChallengeVerification: true,
    challengeCreateFn: async (_authz, challenge, keyAuthorization) => store.putChallenge(challenge.token, keyAuthorization, hostname),
    challengeRemoveFn: async (_authz, challenge) => store.dropChallenge(challenge.token),
  })
  const info = acme.crypto.readCertificateInfo(certPem)
  return { certPem, keyPem: key.toString(), issuer: info.issuer.commonName ?? 'unknown issuer', notAfter: info.notAfter }
}

/** Revokes a certificate (the domain was removed: RFC 5280 reason 5, cessationOfOperation). */
export async function revokeCertificate(settings: AcmeSettings, store: AcmeStore, certPem: string): Promise<void> {
  const { client: c } = await client(settings, store)
  await c.revokeCertificate(certPem, { reason: 5 })
}

/** An ACME failure in plain words for the owner. */
export function acmeReason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e)
  const lower = text.toLowerCase()
  if (lower.includes(':caa') || lower.includes('caa record')) return 'CAA records of this domain forbid our certificate authority: allow it in your DNS (or remove the CAA record).'
  if (lower.includes('ratelimited') || lower.includes('rate limit') || lower.includes('too many')) return 'The certificate authority is rate-limiting requests for this domain; we will try again later.'
  if (lower.includes(':connection') || lower.includes(':dns') || lower.includes('unauthorized') || lower.includes('timeout') || lower.includes('fetching') || lower.includes('connection refused') || lower.includes('dial tcp'))
    return `The certificate authority could not reach this domain over HTTP: point its DNS at this server and keep port 80 open (${text.slice(0, 160)}).`
  if (lower.includes('econnrefused') || lower.includes('enotfound') || lower.includes('certificate')) return `The certificate authority could not be reached (${text.slice(0, 160)}); we will try again.`
  return `The certificate authority refused the order: ${text.slice(0, 200)}`
}
