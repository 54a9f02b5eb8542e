import fs from 'node:fs/promises'
import path from 'node:path'
import { dataDir } from '~/env.server'

/**
 * Where uploaded files live. The local implementation keeps them under DATA_DIR/uploads; an
 * S3-compatible one can implement the same three calls.
 */
export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>
  delete(key: string): Promise<void>
}

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.jpg': 'image/jpeg', '.png': 'image/png' }
const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|jpg|png)$/

function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`)
    return path.join(root, key)
  }
  return {
    async put(key, body) {
      const file = resolve(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      await fs.writeFile(file, body)
    },
    async get(key) {
      if (!SAFE_KEY.test(key) || key.includes('..')) return null
      try {
        const body = await fs.readFile(resolve(key))
        return { body, contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream' }
      } catch {
        return null
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true })
    },
  }
}

export function storage(): Storage {
  return localStorage(dataDir('uploads'))
}
