import { expect, test } from 'vitest'
import { DocumentEndLast } from '~/entry.server'

async function run(chunks: string[]) {
  const stream = new DocumentEndLast()
  const out: string[] = []
  stream.on('data', (chunk: Buffer | string) => out.push(String(chunk)))
  const done = new Promise((resolve) => stream.on('end', resolve))
  for (const chunk of chunks) stream.write(Buffer.from(chunk))
  stream.end()
  await done
  return out.join('')
}

test('streamed scripts after the document end up inside the body', async () => {
  const html = await run([
    '<!DOCTYPE html><html><body><main>hi</main>',
    '<script>a()</script></body></html>',
    '<script>b()</script>',
    '<script>c()</script>',
  ])
  expect(html).toBe('<!DOCTYPE html><html><body><main>hi</main><script>a()</script><script>b()</script><script>c()</script></body></html>')
})

test('a document without streamed scripts is unchanged, multi-byte characters split across chunks too', async () => {
  const bytes = Buffer.from('<html><body>café ✓</body></html>')
  const stream = new DocumentEndLast()
  const out: string[] = []
  stream.on('data', (chunk: Buffer | string) => out.push(String(chunk)))
  const done = new Promise((resolve) => stream.on('end', resolve))
  stream.write(bytes.subarray(0, 17))
  stream.write(bytes.subarray(17))
  stream.end()
  await done
  expect(out.join('')).toBe('<html><body>café ✓</body></html>')
})
