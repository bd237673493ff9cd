// The files owner API (/api/sites/:siteId/files).

export type FileKind = 'image' | 'svg' | 'audio' | 'video' | 'document' | 'archive'

export interface ColorData {
  topLeftAverage: string
  topRightAverage: string
  bottomLeftAverage: string
  bottomRightAverage: string
  centerAverage: string
  suggestedBgColor: string
}

/** A file as the owner API answers it (`{ file }`, `{ files, nextCursor }`). */
export interface FileAsset {
  id: string
  filename: string
  mimeType: string
  kind: string
  size: number
  /** Size for people (1024 units, Bytes to YB). */
  sizeText: string
  assetUrl: string
  originalSize: string | null
  mediaFocalPoint: { x: number; y: number }
  colorData: ColorData | null
  altText: string
  title: string
  body: string
  systemDataVariants: string
  status: 'processing' | 'ready' | 'failed'
  /** 'File processing failed' when the variants could not be made. */
  error: string | null
  /** A cropped image: the file it was cut from and the rectangle, to change the crop later. */
  crop: FileCropOf | null
  createdOn: number
  updatedOn: number
}

/** PATCH files/:id. */
export type FilePatch = Partial<Pick<FileAsset, 'filename' | 'altText' | 'title' | 'body' | 'mediaFocalPoint'>>

/** POST files/:id/crop: a rectangle in fractions (0..1) of the image as shown; answers a new file cut to it. */
export interface FileCrop {
  x: number
  y: number
  width: number
  height: number
}

export interface FileCropOf extends FileCrop {
  sourceId: string
}

export interface FilePage {
  files: FileAsset[]
  nextCursor: string | null
}

/** One kind's upload limit as GET files/limits answers it (`{ limits: Record<kind, UploadLimit> }`). */
export interface UploadLimit {
  /** Configured megabytes of 1,000,000 bytes. */
  megabytes: number
  bytes: number
  /** The size as the upload error shows it (1024 units). */
  maxSize: string
}
