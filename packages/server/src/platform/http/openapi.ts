// Collects the operations registered through `defineRoute` and renders one OpenAPI 3.1 document from their
// zod schemas (zod 4 `z.toJSONSchema`).
import { z } from 'zod'

export interface OperationSpec {
  method: string
  /** Fastify-style path, e.g. /api/sites/:siteId/settings */
  url: string
  summary: string
  tags: readonly string[]
  body?: z.ZodType
  bodyTypes: readonly string[]
  params?: z.ZodType
  query?: z.ZodType
  responses: Record<number, { description: string; schema?: z.ZodType }>
  crumb: boolean
}

type Json = Record<string, unknown>

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json
  delete out.$schema
  return out
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return []
  const js = jsonSchema(schema, 'input')
  const props = (js.properties ?? {}) as Record<string, Json>
  const required = new Set((js.required ?? []) as string[])
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
  }))
}

export class OpenApiRegistry {
  private readonly ops: OperationSpec[] = []

  add(op: OperationSpec): void {
    this.ops.push(op)
  }

  operations(): readonly OperationSpec[] {
    return this.ops
  }

  document(info: { title: string; version: string }): Json {
    const paths: Record<string, Record<string, Json>> = {}
    for (const op of this.ops) {
      const path = op.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
      const responses: Record<string, Json> = {}
      for (const [status, r] of Object.entries(op.responses)) {
        responses[status] = r.schema
          ? { description: r.description, content: { 'application/json': { schema: jsonSchema(r.schema, 'output') } } }
          : { description: r.description }
      }
      if (op.crumb) responses['403'] ??= { description: 'Missing or wrong crumb: `{ crumbFail: true, error }`' }
      const operation: Json = {
        summary: op.summary,
        tags: op.tags,
        parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query')],
        responses,
      }
      if (op.body) {
        const schema = jsonSchema(op.body, 'input')
        const content: Json = {}
        for (const t of op.bodyTypes) content[t] = { schema }
        operation.requestBody = { required: true, content }
      }
      if (op.crumb) operation.security = [{ crumb: [] }]
      ;(paths[path] ??= {})[op.method.toLowerCase()] = operation
    }
    return {
      openapi: '3.1.0',
      info,
      paths,
      components: {
        securitySchemes: {
          crumb: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: 'Echo of the `crumb` cookie' },
          session: { type: 'apiKey', in: 'cookie', name: 'sw_session' },
        },
      },
    }
  }
}
