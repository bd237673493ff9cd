// Demo pictures are drawn by sharp from SVG at seed time (tens of milliseconds each, and the first text loads the
// fonts). The build draws them once into dist/demo-images, named by a hash of what is drawn; a first start reads
// them from there instead of drawing. A missing file (a source checkout run with tsx, a changed drawing) is drawn.
import { createHash } from 'node:crypto'
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** dist/demo-images when running from dist (src/demo-images, normally absent, from the sources). */
const DIR = fileURLToPath(new URL('../../demo-images/', import.meta.url))

export interface Drawing {
  /** What is drawn: the SVG and the encoder settings. */
  source: string
  draw(): Promise<Buffer>
}

const fileOf = (d: Drawing) => join(DIR, `${createHash('sha256').update(d.source).digest('hex').slice(0, 24)}.jpg`)

/** The drawing's bytes: from the build's copy when there is one, else drawn now. */
export async function drawn(d: Drawing): Promise<Buffer> {
  try {
    return await readFile(fileOf(d))
  } catch {
    return d.draw()
  }
}

/** Draws what is missing into the build's folder (`npm run build`); answers how many were drawn. */
export async function writeDrawings(list: readonly Drawing[]): Promise<number> {
  await mkdir(DIR, { recursive: true })
  let made = 0
  for (const d of list) {
    const file = fileOf(d)
    const there = await access(file).then(
      () => true,
      () => false,
    )
    if (there) continue
    await writeFile(`${file}.tmp`, await d.draw())
    await rename(`${file}.tmp`, file)
    made++
  }
  return made
}
