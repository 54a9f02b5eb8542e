import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { DomainError } from '~/lib/errors'
import { storage } from './storage.server'

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
const ACCEPTED = new Set(['jpeg', 'png', 'webp'])
export const UPLOAD_TYPE_MESSAGE = 'Please upload a JPEG, PNG or WebP image.'
export const UPLOAD_SIZE_MESSAGE = 'Images can be at most 10 MB.'

/**
 * Checks an upload by its content (not its name or declared type), then re-encodes it as WebP at
 * the given size. Re-encoding drops metadata (EXIF, GPS) and anything that is not pixels.
 */
export async function processImage(input: Buffer, { width, height }: { width: number; height: number }) {
  if (input.byteLength === 0) throw new DomainError('Please choose an image to upload.', { field: 'picture' })
  if (input.byteLength > MAX_UPLOAD_BYTES) throw new DomainError(UPLOAD_SIZE_MESSAGE, { status: 413, field: 'picture' })
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format
  } catch {
    throw new DomainError(UPLOAD_TYPE_MESSAGE, { status: 415, field: 'picture' })
  }
  if (!format || !ACCEPTED.has(format)) throw new DomainError(UPLOAD_TYPE_MESSAGE, { status: 415, field: 'picture' })
  return sharp(input, { limitInputPixels: 40_000_000 }).rotate().resize(width, height, { fit: 'cover' }).webp({ quality: 82 }).toBuffer()
}

/** Stores a processed avatar and returns its public URL. */
export async function storeAvatar(userId: string, input: Buffer) {
  const body = await processImage(input, { width: 256, height: 256 })
  const key = `avatars/${userId}-${randomBytes(6).toString('hex')}.webp`
  await storage().put(key, body, 'image/webp')
  return `/uploads/${key}`
}
