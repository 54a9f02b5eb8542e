import fc from 'fast-check'
import { expect, test } from 'vitest'
import { CompactManifest, compactManifest, DocumentEndLast, documentEndLast, pageRoutes } from '~/lib/document-rewrites.server'

/** What `stream` gives out when `chunks` are written into it, one after another, and it ends. */
async function through(stream: DocumentEndLast | CompactManifest, chunks: Array<string | Buffer>) {
  const out: string[] = []
  stream.on('data', (chunk: Buffer | string) => out.push(String(chunk)))
  const done = new Promise((resolve) => stream.on('end', resolve))
  for (const chunk of chunks) stream.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  stream.end()
  await done
  return out.join('')
}

const run = (chunks: string[]) => through(new DocumentEndLast(), chunks)
const compacted = (chunks: string[]) => through(new CompactManifest(), chunks)

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

const manifest = { entry: { module: '/assets/entry.js', imports: ['/assets/a.js'] }, routes: { root: { id: 'root', path: '' } } }
const script = (json: string) =>
  `<script type="module">import * as route0 from "/r.js";\nwindow.__remixManifest = ${json};\nwindow.__remixRouteModules = {"root":route0};</script>`

test('the inline route manifest loses its indentation, wherever the chunks split it', async () => {
  const pretty = `<html><body>${script(JSON.stringify(manifest, null, 2))}<p>after</p></body></html>`
  const expected = `<html><body>${script(JSON.stringify(manifest))}<p>after</p></body></html>`
  for (let cut = 1; cut < pretty.length; cut += 7) {
    expect(await compacted([pretty.slice(0, cut), pretty.slice(cut)])).toBe(expected)
  }
  expect(await compacted(pretty.split(''))).toBe(expected)
  expect(expected.length).toBeLessThan(pretty.length)
})

// As Remix writes a venue page's: the routes it rendered, and those of its parent paths.
const routes = {
  root: { id: 'root', path: '' },
  home: { id: 'home', parentId: 'root', index: true },
  venues: { id: 'venues', parentId: 'root', path: 'venues', index: true },
  state: { id: 'state', parentId: 'root', path: 'venues/:param' },
  venue: { id: 'venue', parentId: 'root', path: 'venues/:state/:city/:slug' },
  account: { id: 'account', parentId: 'root' },
  accountHome: { id: 'accountHome', parentId: 'account', index: true },
  settings: { id: 'settings', parentId: 'account', path: 'settings' },
}

test('the manifest keeps the rendered routes and, under them, those that add no path segment', () => {
  const kept = (rendered: string[]) => Object.keys(pageRoutes(routes, rendered) ?? {}).sort()
  // Without the index route, the root alone would match "/" and render an empty outlet.
  expect(kept(['root', 'venue'])).toEqual(['account', 'accountHome', 'home', 'root', 'venue'])
  expect(kept(['root', 'home'])).toEqual(['account', 'accountHome', 'home', 'root'])
  expect(pageRoutes(routes, ['root', 'missing'])).toBeNull()
  expect(pageRoutes(routes, [])).toBeNull()
})

test('the manifest written into a page loses the routes the client finds by discovery', async () => {
  const page = (json: string, modules: string) =>
    `<html><body><script type="module">import * as route0 from "/r.js";\nwindow.__remixManifest = ${json};\nwindow.__remixRouteModules = ${modules};</script></body></html>`
  const written = page(JSON.stringify({ entry: manifest.entry, routes }, null, 2), '{"root":route0,"venue":route1}')
  const { root, home, venue, account, accountHome } = routes
  const expected = page(
    JSON.stringify({ entry: manifest.entry, routes: { root, home, venue, account, accountHome } }),
    '{"root":route0,"venue":route1}',
  )
  expect(compactManifest(written)).toBe(expected)
  expect(await compacted([written.slice(0, 90), written.slice(90)])).toBe(expected)
  // Route modules naming a route the manifest lacks: only the indentation goes.
  const unknown = page(JSON.stringify({ entry: manifest.entry, routes }, null, 2), '{"root":route0,"gone":route1}')
  expect(compactManifest(unknown)).toBe(page(JSON.stringify({ entry: manifest.entry, routes }), '{"root":route0,"gone":route1}'))
})

test('a page without a manifest, or with one it cannot read, passes through unchanged', async () => {
  for (const page of ['<html><body><p>no scripts</p></body></html>', `<html><body>${script('{ not json')}</body></html>`]) {
    expect(await compacted([page.slice(0, 20), page.slice(20)])).toBe(page)
  }
})

test('a document rendered to a string is rewritten exactly as the same document streamed in any chunks', async () => {
  const documents = [
    `<!DOCTYPE html><html><head></head><body><main>café ✓</main>${script(JSON.stringify(manifest, null, 2))}</body></html><script>a()</script>`,
    `<html><body>${script('{ not json')}</body></html><script>b()</script>`,
    `<html><body>${script(JSON.stringify({ entry: manifest.entry, routes }, null, 2))}</body></html><script>c()</script>`,
    '<html><body><p>no scripts, no end</p>',
    `<html><body>${script(JSON.stringify(manifest, null, 2))}</body></html></body></html>`,
  ]
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...documents), fc.array(fc.nat(), { maxLength: 8 }), async (html, cuts) => {
      const bytes = Buffer.from(html)
      const at = [...new Set(cuts.map((cut) => cut % bytes.length))].sort((a, b) => a - b)
      const chunks = [0, ...at].map((from, i) => bytes.subarray(from, [...at, bytes.length][i]))
      const streamed = await through(new DocumentEndLast(), [Buffer.from(await through(new CompactManifest(), chunks))])
      expect(compactManifest(documentEndLast(html))).toBe(streamed)
    }),
  )
})
