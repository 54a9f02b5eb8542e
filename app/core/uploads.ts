// What a stored upload may be, shared by the storage service (app/platform/storage.server.ts) and
// the uploads table's CHECK constraints (app/db/schema/system.ts), so the two cannot disagree.

/** Keys are paths such as `avatars/<id>-<hex>.webp`: lowercase, no leading slash, no `..`. */
export const UPLOAD_KEY_PATTERN = '^[a-z0-9][a-z0-9/_-]*\\.(webp|jpg|png)$'
export const MAX_UPLOAD_KEY_LENGTH = 200

/** Content types by extension: an upload is always served as the image its name says. */
export const UPLOAD_TYPES = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' } as const
export const UPLOAD_CONTENT_TYPES = Object.values(UPLOAD_TYPES)

/**
 * The largest file stored: the upload limit itself (an image of at most 10 MB, docs/security.md),
 * though what is stored is the re-encoded WebP, far smaller.
 */
export const MAX_STORED_UPLOAD_BYTES = 10 * 1024 * 1024

const keyPattern = new RegExp(UPLOAD_KEY_PATTERN)

/** The content type a key stands for, or null for a key no upload can have. */
export function uploadKeyType(key: string): (typeof UPLOAD_CONTENT_TYPES)[number] | null {
  if (key.length > MAX_UPLOAD_KEY_LENGTH || key.includes('..') || !keyPattern.test(key)) return null
  return UPLOAD_TYPES[key.slice(key.lastIndexOf('.') + 1) as keyof typeof UPLOAD_TYPES]
}
