import zlib from 'node:zlib'
import { BUDGET, assetsOf, bytesOnTheWire, kb, publicPages, weighPage, type PageWeight } from '../../bench/lib/page-weight'
import { sitemapLocs } from '../support/sitemap'
import { expect, test } from './fixtures'

// The page budget of issues #4 and #9: no public page ships more than 100 KB of gzipped JavaScript
// or 50 KB of gzipped CSS on first load (the modules its HTML preloads and imports), counted as the
// server sends them with `Accept-Encoding: gzip` (the build's Zopfli .gz files). A page over budget
// fails CI. `npx tsx bench/page-weight.ts` prints the table; docs/benchmarks.md has the figures.
/** Pages that need no interactivity and ship no JavaScript at all (route `handle` NO_SCRIPTS). */
const NO_JS = [/^\/(about|pricing|privacy|terms)$/, /^\/venues\/[a-z]{2}$/, /^\/venues\/[a-z]{2}\/[a-z0-9-]+$/, /\/category\//]

test.describe('page weight', { tag: '@chromium' }, () => {
  test.skip(process.env.E2E_SEED_ON_START === 'false', 'needs the seeded venues')

  test('every public page is within the JavaScript and CSS budget', async ({ baseURL }) => {
    const origin = baseURL!
    const pages = await publicPages(origin)
    expect(pages.length).toBeGreaterThan(20)
    const weights: PageWeight[] = []
    // Four at a time keeps the run to a few seconds without swamping the server.
    for (let i = 0; i < pages.length; i += 4) weights.push(...(await Promise.all(pages.slice(i, i + 4).map((p) => weighPage(origin, p)))))

    const problems: string[] = []
    for (const w of weights) {
      if (w.css > BUDGET.css) problems.push(`${w.path}: ${kb(w.css)} of CSS (budget ${kb(BUDGET.css)})`)
      if (w.js > BUDGET.js) problems.push(`${w.path}: ${kb(w.js)} of JavaScript (budget ${kb(BUDGET.js)})`)
      if (NO_JS.some((pattern) => pattern.test(w.path)) && w.js > 0) problems.push(`${w.path} should ship no JavaScript, ships ${kb(w.js)}`)
      if (w.status !== 200 && w.status !== 404) problems.push(`${w.path} answered ${w.status}`)
    }
    expect(problems).toEqual([])
  })

  // Issue #20's goal for the venue page was at most 40 KB of HTML before compression, markup and
  // hydration data together; the route manifest Remix writes as published adds about 3 KB to it
  // (decision 037), so the bound is 43 KB (issue #32's goal, 40 KB gzipped, is far below). Every
  // eighth seeded venue of the sitemap, so every state's outline and the pages with the most specs
  // come up (docs/venues.md has the full run's figures).
  test('seeded venue pages are at most 43 KB of HTML before compression', async ({ baseURL }) => {
    test.setTimeout(120_000)
    const sitemap = await (await fetch(new URL('/sitemaps/venues-1.xml', baseURL))).text()
    const paths = sitemapLocs(sitemap).map((url) => new URL(url).pathname)
    expect(paths.length).toBeGreaterThan(400)
    const sample = paths.filter((_, i) => i % 8 === 0)
    const sizes: Array<[string, number]> = []
    for (let i = 0; i < sample.length; i += 4) {
      const batch = sample.slice(i, i + 4)
      const bodies = await Promise.all(batch.map(async (path) => (await fetch(new URL(path, baseURL))).arrayBuffer()))
      sizes.push(...bodies.map((body, j): [string, number] => [batch[j]!, body.byteLength]))
    }
    expect(sizes.filter(([, bytes]) => bytes > 43 * 1024)).toEqual([])
  })

  test('assets are sent precompressed: Brotli or Zopfli gzip by Accept-Encoding, cached for a year; a missing one is a 404', async ({
    baseURL,
  }) => {
    const html = await (await fetch(new URL('/', baseURL))).text()
    const runtime = assetsOf(html).js.find((url) => /\/assets\/runtime-/.test(url))
    expect(runtime).toBeDefined()
    const url = new URL(runtime!, baseURL)
    const [gzip, brotli] = await Promise.all([bytesOnTheWire(url, 'gzip'), bytesOnTheWire(url, 'br')])
    const raw = await (await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer()
    // The .gz on disk is smaller than what zlib's best level makes of the same file.
    expect(gzip).toBeLessThan(zlib.gzipSync(Buffer.from(raw), { level: 9 }).length)
    expect(brotli).toBeLessThan(gzip)
    const head = await fetch(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(head.headers.get('content-encoding')).toBe('br')
    expect(head.headers.get('vary')).toContain('Accept-Encoding')
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(head.headers.get('content-type')).toMatch(/javascript/)
    // An old chunk after a deploy: a plain 404, not the login page.
    const missing = await fetch(new URL('/assets/runtime-gone.js', baseURL), { redirect: 'manual' })
    expect(missing.status).toBe(404)
  })

  test('a page without JavaScript downloads none in the browser, and links from it still work', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    await page.goto('/privacy')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(scripts).toEqual([])
    await expect(page.locator('script[src], link[rel="modulepreload"]')).toHaveCount(0)
    // The home page it links to is hydrated again.
    await page.getByRole('link', { name: 'Stagepass home' }).click()
    await expect(page).toHaveURL('/')
    await expect.poll(() => scripts.length).toBeGreaterThan(0)
  })
})
