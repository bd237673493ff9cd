// Product pictures for the demo store, drawn as SVG and encoded to JPEG with sharp at seed time.
import sharp from 'sharp'

export type ProductShape = 'mug' | 'jar' | 'bowl' | 'platter' | 'book' | 'wheel' | 'card' | 'box' | 'plate'

function drawing(shape: ProductShape, ink: string): string {
  switch (shape) {
    case 'mug':
      return `<rect x="300" y="300" width="330" height="380" rx="40" fill="${ink}"/><path d="M630 400 q120 0 120 110 q0 110 -120 110" fill="none" stroke="${ink}" stroke-width="44"/>`
    case 'jar':
      return `<ellipse cx="500" cy="520" rx="250" ry="260" fill="${ink}"/><rect x="410" y="230" width="180" height="70" rx="20" fill="${ink}"/>`
    case 'bowl':
      return `<path d="M220 420 h560 q-20 300 -280 300 q-260 0 -280 -300 z" fill="${ink}"/>`
    case 'platter':
      return `<ellipse cx="500" cy="520" rx="380" ry="170" fill="${ink}"/><ellipse cx="500" cy="505" rx="300" ry="120" fill="#fff" opacity="0.25"/>`
    case 'book':
      return `<rect x="320" y="220" width="360" height="500" rx="12" fill="${ink}"/><rect x="360" y="300" width="280" height="28" fill="#fff" opacity="0.6"/><rect x="360" y="350" width="200" height="20" fill="#fff" opacity="0.4"/>`
    case 'wheel':
      return `<circle cx="500" cy="560" r="240" fill="${ink}"/><circle cx="500" cy="560" r="60" fill="#fff" opacity="0.5"/><rect x="470" y="250" width="60" height="90" rx="10" fill="${ink}"/>`
    case 'card':
      return `<rect x="230" y="330" width="540" height="340" rx="30" fill="${ink}"/><rect x="230" y="400" width="540" height="50" fill="#fff" opacity="0.35"/>`
    case 'box':
      return `<rect x="280" y="380" width="440" height="320" fill="${ink}"/><path d="M280 380 l90 -110 h260 l90 110 z" fill="${ink}" opacity="0.75"/>`
    case 'plate':
      return `<circle cx="500" cy="500" r="300" fill="${ink}"/><circle cx="500" cy="500" r="210" fill="#fff" opacity="0.3"/>`
  }
}

/** A 1000x1000 JPEG: a soft background and the product's silhouette. */
export async function productImage(shape: ProductShape, background: string, ink: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><rect width="1000" height="1000" fill="${background}"/><ellipse cx="500" cy="860" rx="330" ry="40" fill="#000" opacity="0.08"/>${drawing(shape, ink)}</svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer()
}

/** A one-page PDF (the demo e-book's download). */
export function tinyPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '', // content stream, below
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}
