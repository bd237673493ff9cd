// On-the-fly compression of dynamic answers (API JSON, uncached pages) above a size threshold: brotli (fast
// setting) or gzip. Answers that already carry a Content-Encoding (precompressed cached pages and built assets) pass
// through untouched. Request bodies are never decompressed.
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { constants } from 'node:zlib'

/** The types worth compressing: HTML, CSS, JavaScript, JSON, SVG, XML and plain text. */
export const COMPRESSIBLE = /^(text\/(html|css|plain|xml|javascript)|application\/(json|javascript|xml|problem\+json)|image\/svg\+xml)(;|$)/

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  })
}
