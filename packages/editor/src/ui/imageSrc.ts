// The address of an image at a size: the made variant once the server lists it in systemDataVariants, the original
// until then (right after an upload the sizes are still being made and asking for one answered 404: a broken
// thumbnail).
import type { FileAsset } from '../api/files.js'

export function imageSrc(file: Pick<FileAsset, 'assetUrl' | 'systemDataVariants'>, size: string): string {
  return file.systemDataVariants.split(',').includes(size) ? `${file.assetUrl}?format=${size}` : file.assetUrl
}
