// The sectioned spec-file format shared by the conformance corpus and this package's own fixtures:
// a section starts at a line `:NAME` and runs to the next marker; lines before the first marker are ignored.

export type Sections = Record<string, string>

const MARKER = /^:([A-Za-z0-9_-]+)\s*$/

/** Split a spec file into its sections (section text = its lines joined with '\n'). */
export function parseSections(text: string): Sections {
  const out: Sections = {}
  let name: string | undefined
  let lines: string[] = []
  const flush = (): void => {
    if (name !== undefined) out[name] = lines.join('\n')
  }
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const m = MARKER.exec(line)
    if (m) {
      flush()
      name = m[1]
      lines = []
    } else if (name !== undefined) {
      lines.push(line)
    }
  }
  flush()
  return out
}

/** `key=value` or `key: value` lines (the `:PROPERTIES` section). */
export function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const m = /^([^=:]+)[=:](.*)$/.exec(line)
    if (m) out[m[1]!.trim()] = m[2]!.trim()
  }
  return out
}

export interface RenderSpec {
  template: string
  json: unknown
  expected: string | undefined
  partials: Record<string, string>
  /** Inject path -> the injected value (its JSON text parsed; text that is not JSON stays a string). */
  injects: Record<string, unknown>
  locale: string | undefined
  now: number | undefined
}

function parseInjects(raw: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(raw)) {
    try {
      out[k] = JSON.parse(v)
    } catch {
      out[k] = v
    }
  }
  return out
}

/** Interpret the sections of one spec; throws on malformed JSON (the caller reports it as a failure). */
export function toRenderSpec(s: Sections): RenderSpec {
  const params: Record<string, unknown> = {}
  if (s.PROPERTIES !== undefined) Object.assign(params, parseProperties(s.PROPERTIES))
  if (s.PARAMS !== undefined && s.PARAMS.trim() !== '') Object.assign(params, JSON.parse(s.PARAMS) as object)
  const nowRaw = params.now
  const now = nowRaw === undefined ? undefined : Number(nowRaw)
  const json = s.JSON === undefined || s.JSON.trim() === '' ? {} : (JSON.parse(s.JSON) as unknown)
  return {
    template: s.TEMPLATE ?? '',
    json,
    expected: s.OUTPUT,
    partials: s.PARTIALS && s.PARTIALS.trim() !== '' ? (JSON.parse(s.PARTIALS) as Record<string, string>) : {},
    injects: s.INJECT && s.INJECT.trim() !== '' ? parseInjects(JSON.parse(s.INJECT) as Record<string, string>) : {},
    locale: typeof params.locale === 'string' ? params.locale : undefined,
    now: Number.isFinite(now) ? now : undefined,
  }
}
