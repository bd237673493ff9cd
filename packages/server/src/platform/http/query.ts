// Query strings and form bodies are parsed with at most QUERY_MAX_KEYS keys (the rest is ignored), so a request
// with a huge query cannot make the server build a huge object.
import { parse } from 'node:querystring'

export const QUERY_MAX_KEYS = 1000

export function parseQuery(text: string): Record<string, string | string[]> {
  return parse(text, '&', '=', { maxKeys: QUERY_MAX_KEYS }) as Record<string, string | string[]>
}
