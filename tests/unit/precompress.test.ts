import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, expect, test } from 'vitest'
import { precompressFile } from '../../vite/precompress'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-precompress-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

test('a text asset gets a .gz and a .br that decode to it, the .gz smaller than zlib at level 9', async () => {
  const file = path.join(dir, 'chunk.js')
  const body = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${JSON.stringify(`venue ${i % 37}`)};`).join('\n')
  fs.writeFileSync(file, body)
  const sizes = await precompressFile(file)
  const gz = fs.readFileSync(`${file}.gz`)
  const br = fs.readFileSync(`${file}.br`)
  expect(zlib.gunzipSync(gz).toString()).toBe(body)
  expect(zlib.brotliDecompressSync(br).toString()).toBe(body)
  expect(sizes).toEqual({ raw: Buffer.byteLength(body), gz: gz.length, br: br.length })
  expect(gz.length).toBeLessThanOrEqual(zlib.gzipSync(body, { level: 9 }).length)
  // A second build of the same content reads the cache and writes the same bytes.
  fs.rmSync(`${file}.gz`)
  await precompressFile(file)
  expect(fs.readFileSync(`${file}.gz`).equals(gz)).toBe(true)
})

test('a file too small to gain keeps no compressed copy: it is sent as it is', async () => {
  const file = path.join(dir, 'tiny.js')
  fs.writeFileSync(file, 'x')
  const sizes = await precompressFile(file)
  expect(fs.existsSync(`${file}.gz`)).toBe(false)
  expect(fs.existsSync(`${file}.br`)).toBe(false)
  expect(sizes).toEqual({ raw: 1, gz: 1, br: 1 })
})
