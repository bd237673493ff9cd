// Tiny WAV files for tests: 8 kHz, mono, 8-bit PCM.

/** A WAV file of the given 8-bit samples (default: `n` samples of silence, 128). */
export function wav(n: number, sample: (i: number) => number = () => 128): Buffer {
  const h = Buffer.alloc(44)
  h.write('RIFF', 0)
  h.writeUInt32LE(36 + n, 4)
  h.write('WAVEfmt ', 8)
  h.writeUInt32LE(16, 16)
  h.writeUInt16LE(1, 20)
  h.writeUInt16LE(1, 22)
  h.writeUInt32LE(8000, 24)
  h.writeUInt32LE(8000, 28)
  h.writeUInt16LE(1, 32)
  h.writeUInt16LE(8, 34)
  h.write('data', 36)
  h.writeUInt32LE(n, 40)
  return Buffer.concat([h, Buffer.from(Array.from({ length: n }, (_, i) => sample(i) & 0xff))])
}
