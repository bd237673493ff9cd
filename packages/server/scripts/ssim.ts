// SSIM (structural similarity) of two 8-bit luma planes: 8x8 windows with stride 4 and the usual constants
// (K1 0.01, K2 0.03, L 255), averaged over the windows. Written here for the image bench (bench-images.ts).

/** Mean SSIM of two luma planes of one size. */
export function ssim(a: Uint8Array, b: Uint8Array, w: number, h: number): number {
  const C1 = (0.01 * 255) ** 2
  const C2 = (0.03 * 255) ** 2
  let sum = 0
  let n = 0
  for (let y = 0; y + 8 <= h; y += 4) {
    for (let x = 0; x + 8 <= w; x += 4) {
      let ma = 0
      let mb = 0
      for (let j = 0; j < 8; j++) {
        for (let i = 0; i < 8; i++) {
          ma += a[(y + j) * w + x + i]!
          mb += b[(y + j) * w + x + i]!
        }
      }
      ma /= 64
      mb /= 64
      let va = 0
      let vb = 0
      let cov = 0
      for (let j = 0; j < 8; j++) {
        for (let i = 0; i < 8; i++) {
          const da = a[(y + j) * w + x + i]! - ma
          const db = b[(y + j) * w + x + i]! - mb
          va += da * da
          vb += db * db
          cov += da * db
        }
      }
      va /= 63
      vb /= 63
      cov /= 63
      sum += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2))
      n++
    }
  }
  return n ? sum / n : 1
}
