// Server configuration from the environment. Pure: `loadConfig(env)` never reads process.env itself.
import { resolve } from 'node:path'
import { z } from 'zod'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

export interface Config {
  /** Listen address; default `localhost` (the demo login is public: set HOST=0.0.0.0 to expose the server). */
  host: string
  port: number
  /** Port used in the public site addresses (SiteSummary.url); differs from `port` only behind a proxy. */
  publicPort: number
  /** The platform's host name: `localhost` serves the demo site, `<slug>.localhost` serves a site. */
  rootDomain: string
  dataDir: string
  /** PostgreSQL connection string; when absent, embedded PGlite under `dataDir/pglite` is used. */
  databaseUrl: string | null
  /** PGlite only: `memory` keeps the database in memory (tests); default is file-backed under dataDir. */
  pgliteStorage: 'file' | 'memory'
  logLevel: (typeof LOG_LEVELS)[number]
  smtpUrl: string | null
  /** Maximum request body size in bytes (413 above). */
  bodyLimit: number
  /** Trust X-Forwarded-* headers (only behind a reverse proxy you control). */
  trustProxy: boolean
  /** Create the demo owner and site when the database is empty. */
  seedDemo: boolean
  /** Redis connection string (several nodes: cache messages, shared rate limits); absent: PostgreSQL does both. */
  redisUrl: string | null
  /** Prefix of Redis keys and cache-message channels (several installations on one Redis or database). */
  keyPrefix: string
  /** Where file bytes live: `disk` (DATA_DIR/files, one node), `postgres` (chunked rows, every node) or `s3`
   *  (an S3-compatible bucket, every node); default `postgres` with DATABASE_URL, else `disk`. */
  fileStorage: 'disk' | 'postgres' | 's3'
  /** Server processes sharing the port (node:cluster), each a full app node; above 1 needs DATABASE_URL. */
  workers: number
  /** The bucket of `fileStorage: 's3'` (S3_URL endpoint, path-style; null url = AWS S3 of the region). */
  s3: S3Config | null
  /** Custom domains and their certificates (issue 35). */
  domains: DomainsConfig
  /**
   * Abandoned-checkout recovery's clock: how long one of its hours lasts (RECOVERY_HOUR_MS, default an hour) and how
   * often its sweep looks for due reminders (RECOVERY_SWEEP_MS, default a minute). Browser tests shorten both.
   */
  recovery: { hourMs: number; sweepMs: number }
  /**
   * The subscription renewal runner's clock: how long one day of a billing period lasts (RENEWAL_DAY_MS, default a
   * day: periods are calendar weeks, months and years) and how often it looks for due cycles (RENEWAL_SWEEP_MS,
   * default 15 minutes). Browser tests shorten both, so a renewal falls due while they watch.
   */
  renewals: { dayMs: number; sweepMs: number }
  /**
   * Whether images get AVIF and WebP copies, served by Accept (IMAGE_MODERN_FORMATS=on|off, default on). The test
   * harness turns them off for the apps that do not test them (each demo seed would encode its pictures again).
   */
  imageModernFormats: boolean
  /**
   * Visitor cart and checkout calls allowed per site and client address in 10 s (COMMERCE_RATE_LIMIT, default 60;
   * `off` lifts it: load tests behind one proxy address, where every visitor has the proxy's address).
   */
  commerceRateLimit: number | null
}

export interface DomainsConfig {
  /** The TLS listener's port (HTTPS_PORT); null: no listener and no certificates are ordered. */
  httpsPort: number | null
  /** The HTTPS port in public addresses (443 behind a TLS-passthrough balancer; default HTTPS_PORT). */
  httpsPublicPort: number | null
  /** The ACME directory (default Let's Encrypt production). */
  acmeDirectoryUrl: string
  /** Extra CA to trust for the ACME server (PEM file). */
  acmeCaFile: string | null
  acmeEmail: string | null
  /** host:port of the DNS server used for ownership look-ups; null: the system's. */
  dnsResolver: string | null
  /** What owners point their records at: IPv4/IPv6 addresses (A/AAAA) and host names (CNAME). */
  targets: { a: string[]; aaaa: string[]; cname: string[] }
  /** Seals private keys in the database; null: a key made once and kept in the database (say so in production). */
  secretsKey: string | null
  /** How often each node looks for due DNS re-checks, orders and renewals (DOMAIN_SWEEP_MS, default 30 s). */
  sweepMs: number
}

export const LETS_ENCRYPT_DIRECTORY = 'https://acme-v02.api.letsencrypt.org/directory'

function domainTargets(raw: string | undefined): DomainsConfig['targets'] {
  const out: DomainsConfig['targets'] = { a: [], aaaa: [], cname: [] }
  for (const t of (raw ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
    if (/^\d{1,3}(\.\d{1,3}){3}$/.test(t)) out.a.push(t)
    else if (t.includes(':')) out.aaaa.push(t)
    else out.cname.push(t.toLowerCase())
  }
  return out
}

export interface S3Config {
  url: string | null
  bucket: string
  accessKeyId: string | null
  secretAccessKey: string | null
  region: string
}

const envSchema = z.object({
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ROOT_DOMAIN: z.string().regex(/^[a-z0-9.-]+$/).optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  SMTP_URL: z.string().min(1).optional(),
  BODY_LIMIT: z.coerce.number().int().min(1024).optional(),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).optional(),
  SEED_DEMO: z.enum(['0', '1', 'true', 'false']).optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  FILE_STORAGE: z.enum(['disk', 'postgres', 's3']).optional(),
  S3_URL: z.string().regex(/^https?:\/\//, 'must start with http:// or https://').optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name (3 to 63 lower-case letters, digits, dots, dashes)').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/).optional(),
  KEY_PREFIX: z.string().regex(/^[a-z0-9_]{0,40}$/, 'lower-case letters, digits and _ only').optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  HTTPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HTTPS_PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ACME_DIRECTORY_URL: z.string().regex(/^https?:\/\//, 'must start with https://').optional(),
  ACME_CA_FILE: z.string().min(1).optional(),
  ACME_EMAIL: z.string().email().optional(),
  DNS_RESOLVER: z.string().regex(/^(\[[0-9a-f:]+\]|[0-9.]+)(:\d{1,5})?$/i, 'an IP address with an optional :port').optional(),
  DOMAIN_TARGETS: z.string().regex(/^[a-zA-Z0-9.:,\s-]+$/, 'comma-separated IP addresses and host names').optional(),
  SECRETS_KEY: z.string().min(16, 'at least 16 characters').optional(),
  DOMAIN_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  RECOVERY_HOUR_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  RECOVERY_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  RENEWAL_DAY_MS: z.coerce.number().int().min(100).max(86_400_000).optional(),
  RENEWAL_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  IMAGE_MODERN_FORMATS: z.enum(['on', 'off']).optional(),
  COMMERCE_RATE_LIMIT: z.union([z.literal('off'), z.coerce.number().int().min(1).max(1_000_000)]).optional(),
})

/** Reads the configuration; throws an Error naming every bad variable. Empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = envSchema.safeParse(Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, cleaned[k]])))
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: required with FILE_STORAGE=s3')
  if ((e.WORKERS ?? 1) > 1 && !e.DATABASE_URL) throw new Error('Invalid configuration:\n  WORKERS: more than 1 needs DATABASE_URL (PostgreSQL); the embedded database belongs to one process')
  const port = e.PORT ?? 3000
  return {
    host: e.HOST ?? 'localhost',
    port,
    publicPort: e.PUBLIC_PORT ?? port,
    rootDomain: e.ROOT_DOMAIN ?? 'localhost',
    dataDir: resolve(cwd, e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL ?? null,
    pgliteStorage: 'file',
    logLevel: e.LOG_LEVEL ?? 'info',
    smtpUrl: e.SMTP_URL ?? null,
    bodyLimit: e.BODY_LIMIT ?? 1024 * 1024,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    seedDemo: e.SEED_DEMO === undefined ? true : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    redisUrl: e.REDIS_URL ?? null,
    keyPrefix: e.KEY_PREFIX ?? '',
    fileStorage: e.FILE_STORAGE ?? (e.DATABASE_URL ? 'postgres' : 'disk'),
    workers: e.WORKERS ?? 1,
    s3: e.S3_BUCKET
      ? {
          url: e.S3_URL ?? null,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          region: e.S3_REGION ?? 'us-east-1',
        }
      : null,
    domains: {
      httpsPort: e.HTTPS_PORT ?? null,
      httpsPublicPort: e.HTTPS_PUBLIC_PORT ?? e.HTTPS_PORT ?? null,
      acmeDirectoryUrl: e.ACME_DIRECTORY_URL ?? LETS_ENCRYPT_DIRECTORY,
      acmeCaFile: e.ACME_CA_FILE ? resolve(cwd, e.ACME_CA_FILE) : null,
      acmeEmail: e.ACME_EMAIL ?? null,
      dnsResolver: e.DNS_RESOLVER ?? null,
      targets: domainTargets(e.DOMAIN_TARGETS),
      secretsKey: e.SECRETS_KEY ?? null,
      sweepMs: e.DOMAIN_SWEEP_MS ?? 30_000,
    },
    recovery: { hourMs: e.RECOVERY_HOUR_MS ?? 3_600_000, sweepMs: e.RECOVERY_SWEEP_MS ?? 60_000 },
    renewals: { dayMs: e.RENEWAL_DAY_MS ?? 86_400_000, sweepMs: e.RENEWAL_SWEEP_MS ?? 15 * 60_000 },
    imageModernFormats: e.IMAGE_MODERN_FORMATS !== 'off',
    commerceRateLimit: e.COMMERCE_RATE_LIMIT === 'off' ? null : (e.COMMERCE_RATE_LIMIT ?? 60),
  }
}
