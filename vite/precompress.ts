// Precompressed assets: after the client build, every text asset gets a `.gz`
// made with Zopfli (a slower, better deflate: about 3.5 % smaller than gzip -9, still plain gzip
// to every browser) and a `.br` (Brotli, quality 11). server.ts serves them by Accept-Encoding
// (express-static-gzip) instead of compressing each response on the fly, so visitors download
// fewer bytes and the server spends no CPU on static files. (A tiny file whose compressed form
// would be larger than itself keeps none, and is sent as is.)
//
// Zopfli takes ~15 s for the whole client build, so results are cached by content hash in
// node_modules/.cache: a rebuild only compresses the chunks that changed.
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import { gzipAsync } from '@gfx/zopfli'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|css|txt|svg|json|xml|html)$/
const CACHE_DIR = 'node_modules/.cache/precompress'

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

async function cached(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const file = path.join(CACHE_DIR, key)
  try {
    return await fs.readFile(file)
  } catch {
    const made = await make()
    await fs.mkdir(CACHE_DIR, { recursive: true })
    await fs.writeFile(file, made)
    return made
  }
}

/** Writes `file.gz` and `file.br` next to `file` when they are smaller; returns the sizes sent. */
export async function precompressFile(file: string) {
  const body = await fs.readFile(file)
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 32)
  const [gz, br] = await Promise.all([
    // Fewer Zopfli passes for the few large chunks (the voice SDK): nearly the same size, much faster.
    cached(`${hash}.gz`, () => gzipAsync(body, { numiterations: body.length > 200_000 ? 5 : 15 })),
    cached(`${hash}.br`, async () =>
      zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    ),
  ])
  if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz)
  if (br.length < body.length) await fs.writeFile(`${file}.br`, br)
  return { raw: body.length, gz: Math.min(gz.length, body.length), br: Math.min(br.length, body.length) }
}

export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'stagepass:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f))
      let count = 0
      for (const file of files) {
        await precompressFile(file)
        count++
      }
      this.info?.(`precompressed ${count} assets (.gz with Zopfli, .br)`)
    },
  }
}
