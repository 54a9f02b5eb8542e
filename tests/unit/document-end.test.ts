import { expect, test } from 'vitest'
import { DocumentEndLast } from '~/server/document-end.server'

/** What `stream` gives out when `chunks` are written into it, one after another, and it ends. */
async function through(stream: DocumentEndLast, chunks: Array<string | Buffer>) {
  const out: string[] = []
  stream.on('data', (chunk: Buffer | string) => out.push(String(chunk)))
  const done = new Promise((resolve) => stream.on('end', resolve))
  for (const chunk of chunks) stream.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  stream.end()
  await done
  return out.join('')
}

const run = (chunks: string[]) => through(new DocumentEndLast(), chunks)

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
  expect(await through(new DocumentEndLast(), [bytes.subarray(0, 17), bytes.subarray(17)])).toBe('<html><body>café ✓</body></html>')
})
