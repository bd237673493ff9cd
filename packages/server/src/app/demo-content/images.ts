// Demo images generated at seed time (SVG gradients and shapes -> JPEG with sharp); nothing is downloaded.
import sharp from 'sharp'
import { drawn, writeDrawings, type Drawing } from './drawings.js'

export interface DemoImageSpec {
  name: string
  title: string
  alt: string
  from: string
  to: string
  accent: string
  shape: 'sun' | 'waves' | 'hills' | 'circles' | 'bars' | 'vase'
  width?: number
  height?: number
  /** Print the title on the image (default true). */
  caption?: boolean
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function shapes(s: DemoImageSpec, w: number, h: number): string {
  switch (s.shape) {
    case 'sun':
      return `<circle cx="${w * 0.72}" cy="${h * 0.38}" r="${h * 0.18}" fill="${s.accent}" opacity="0.9"/><rect y="${h * 0.7}" width="${w}" height="${h * 0.3}" fill="#000" opacity="0.18"/>`
    case 'waves':
      return [0, 1, 2, 3]
        .map((i) => `<path d="M0 ${h * (0.55 + i * 0.1)} Q ${w * 0.25} ${h * (0.45 + i * 0.1)} ${w * 0.5} ${h * (0.55 + i * 0.1)} T ${w} ${h * (0.55 + i * 0.1)} V ${h} H 0 Z" fill="${s.accent}" opacity="${0.25 + i * 0.12}"/>`)
        .join('')
    case 'hills':
      return `<path d="M0 ${h * 0.75} Q ${w * 0.3} ${h * 0.45} ${w * 0.6} ${h * 0.7} T ${w} ${h * 0.6} V ${h} H 0 Z" fill="${s.accent}" opacity="0.7"/><path d="M0 ${h * 0.85} Q ${w * 0.5} ${h * 0.6} ${w} ${h * 0.85} V ${h} H 0 Z" fill="#000" opacity="0.2"/>`
    case 'circles':
      return [0.2, 0.45, 0.7].map((x, i) => `<circle cx="${w * x}" cy="${h * (0.45 + (i % 2) * 0.1)}" r="${h * (0.14 + i * 0.03)}" fill="${s.accent}" opacity="${0.5 + i * 0.15}"/>`).join('')
    case 'bars':
      return [0.15, 0.3, 0.45, 0.6, 0.75].map((x, i) => `<rect x="${w * x}" y="${h * (0.7 - i * 0.08)}" width="${w * 0.09}" height="${h * (0.3 + i * 0.08)}" fill="${s.accent}" opacity="0.75"/>`).join('')
    case 'vase':
      return `<path d="M${w * 0.45} ${h * 0.2} h ${w * 0.1} q 0 ${h * 0.12} ${w * 0.08} ${h * 0.25} q ${w * 0.06} ${h * 0.2} -${w * 0.04} ${h * 0.38} h -${w * 0.18} q -${w * 0.1} -${h * 0.18} -${w * 0.04} -${h * 0.38} q ${w * 0.08} -${h * 0.13} ${w * 0.08} -${h * 0.25} z" fill="${s.accent}" opacity="0.85"/>`
  }
}

/** A JPEG of the spec: a diagonal gradient, shapes, and the title in large type. */
export function demoImage(s: DemoImageSpec): Promise<Buffer> {
  return drawn(demoDrawing(s))
}

/** Draws every demo image into the build (`npm run build`), so a first start reads them instead. */
export function writeDemoImages(): Promise<number> {
  return writeDrawings(DEMO_IMAGES.map(demoDrawing))
}

function demoDrawing(s: DemoImageSpec): Drawing {
  const w = s.width ?? 1200
  const h = s.height ?? 800
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s.from}"/><stop offset="1" stop-color="${s.to}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  ${shapes(s, w, h)}
  ${s.caption === false ? '' : `<text x="${w * 0.06}" y="${h * 0.16}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="${Math.round(h * 0.07)}" font-weight="700" fill="#ffffff" opacity="0.92">${esc(s.title)}</text>`}
</svg>`
  return { source: `${svg}\njpeg quality 78 progressive`, draw: () => sharp(Buffer.from(svg)).jpeg({ quality: 78, progressive: true }).toBuffer() }
}

export const DEMO_IMAGES: DemoImageSpec[] = [
  { name: 'hero', title: 'Made slowly, by the sea', alt: 'A warm sunrise over a calm sea', from: '#f4a261', to: '#2a6f97', accent: '#ffd166', shape: 'sun', width: 1600, height: 900, caption: false },
  { name: 'studio', title: 'The studio', alt: 'Soft hills in evening light behind the studio', from: '#84a98c', to: '#354f52', accent: '#cad2c5', shape: 'hills' },
  { name: 'kiln', title: 'Firing the kiln', alt: 'Glowing orange circles like embers in a kiln', from: '#e76f51', to: '#6d2e46', accent: '#f4a261', shape: 'circles' },
  { name: 'glaze', title: 'Glaze tests', alt: 'Rows of glaze test tiles in sea green', from: '#2a9d8f', to: '#264653', accent: '#e9c46a', shape: 'bars' },
  { name: 'market', title: 'Spring market', alt: 'Blue waves under a pale sky', from: '#a8dadc', to: '#1d3557', accent: '#457b9d', shape: 'waves' },
  { name: 'vase', title: 'Tall vase', alt: 'A tall vase silhouette on cream', from: '#f1e3d3', to: '#c9ada7', accent: '#6d597a', shape: 'vase' },
  { name: 'bowls', title: 'Bowls', alt: 'Stacked round bowls in ochre', from: '#ffe8d6', to: '#cb997e', accent: '#b5838d', shape: 'circles' },
  { name: 'coast', title: 'Coast', alt: 'Waves rolling in at dusk', from: '#ffafcc', to: '#3a0ca3', accent: '#4cc9f0', shape: 'waves' },
  { name: 'field', title: 'Field', alt: 'Green rolling field under a yellow sky', from: '#fefae0', to: '#606c38', accent: '#283618', shape: 'hills' },
  { name: 'shelf', title: 'Shelf', alt: 'Pieces drying on a studio shelf', from: '#edf2f4', to: '#8d99ae', accent: '#2b2d42', shape: 'bars' },
  { name: 'dawn', title: 'Dawn', alt: 'A pink sun rising', from: '#ffcdb2', to: '#6d6875', accent: '#ffb4a2', shape: 'sun' },
  { name: 'jug', title: 'Water jug', alt: 'A water jug silhouette in blue', from: '#caf0f8', to: '#0077b6', accent: '#03045e', shape: 'vase' },
]
