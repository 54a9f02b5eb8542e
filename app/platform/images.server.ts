import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { DomainError } from '~/core/errors'
import { storage } from './storage.server'

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
const ACCEPTED = new Set(['jpeg', 'png', 'webp'])
export const UPLOAD_TYPE_MESSAGE = 'Please upload a JPEG, PNG or WebP image.'
export const UPLOAD_SIZE_MESSAGE = 'Images can be at most 10 MB.'

export const UPLOAD_DAMAGED_MESSAGE =
  'This image could not be read: it may be damaged or cut short. Please upload it again, or another JPEG, PNG or WebP image.'

/**
 * Checks an upload by its content and re-encodes it as WebP, which drops metadata (EXIF, GPS) and
 * anything that is not pixels. Pixels that fail to decode are the uploader's damaged file: a 422
 * with a message, never a 500 (docs/security-input.md, 'Files').
 */
export async function processImage(input: Buffer, { width, height, field = 'picture' }: { width: number; height: number; field?: string }) {
  if (input.byteLength === 0) throw new DomainError('Please choose an image to upload.', { field })
  if (input.byteLength > MAX_UPLOAD_BYTES) throw new DomainError(UPLOAD_SIZE_MESSAGE, { status: 413, field })
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format
  } catch {
    throw new DomainError(UPLOAD_TYPE_MESSAGE, { status: 415, field })
  }
  if (!format || !ACCEPTED.has(format)) throw new DomainError(UPLOAD_TYPE_MESSAGE, { status: 415, field })
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(width, height, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new DomainError(UPLOAD_DAMAGED_MESSAGE, { status: 422, field })
  }
}

/** Stores a processed avatar and returns its public URL. */
export async function storeAvatar(userId: string, input: Buffer) {
  const body = await processImage(input, { width: 256, height: 256 })
  const key = `avatars/${userId}-${randomBytes(6).toString('hex')}.webp`
  await storage().put(key, body, 'image/webp')
  return `/uploads/${key}`
}
