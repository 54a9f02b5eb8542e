import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'

/**
 * A DATA_DIR of the file's own (uploads, the mail outbox) for tests that write files: made before
 * the file's tests, removed after, and the previous DATA_DIR restored. Call it before the file's
 * own beforeAll so the directory is in place when that runs. `dir()` is the directory.
 */
export function useTempDataDir(prefix: string) {
  let dir = ''
  const saved = process.env.DATA_DIR
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), `stagepass-${prefix}-`))
    process.env.DATA_DIR = dir
    // The parsed environment is cached; the next read takes the new DATA_DIR.
    globalThis.__stagepassEnv = undefined
  })
  afterAll(async () => {
    if (saved === undefined) delete process.env.DATA_DIR
    else process.env.DATA_DIR = saved
    globalThis.__stagepassEnv = undefined
    await fs.rm(dir, { recursive: true, force: true })
  })
  return { dir: () => dir }
}
