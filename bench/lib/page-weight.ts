// Page weight: what a first visit downloads, read from the server's HTML (stylesheets, scripts and
// modulepreloads) and requested as a browser would, gzip for the budget and br for what browsers
// get. Modules loaded later with `import()` are not first-load weight (docs/benchmarks.md).
import http from 'node:http'
import https from 'node:https'
import zlib from 'node:zlib'

export const BUDGET = { js: 100 * 1024, css: 50 * 1024 }

export type PageWeight = {
  path: string
  status: number
  html: number
  css: number
  js: number
  /** The same JavaScript as Brotli, which every current browser accepts. */
  jsBrotli: number
  files: { url: string; kind: 'css' | 'js'; gz: number; br: number }[]
}

const gz = (body: Buffer | string) => zlib.gzipSync(body, { level: 6 }).length

/** The URLs of the stylesheets and scripts an HTML page loads on first view, in document order. */
export function assetsOf(html: string): { css: string[]; js: string[] } {
  const css = new Set<string>()
  const js = new Set<string>()
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1]
    if (!href) continue
    if (/\brel="stylesheet"/.test(tag)) css.add(href)
    if (/\brel="modulepreload"/.test(tag)) js.add(href)
  }
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1]
    if (src) js.add(src)
  }
  // Static imports in inline module scripts (Remix imports the route modules this way).
  for (const m of html.matchAll(/\bimport\s+(?:[\w*{}\s,]+from\s+)?"([^"]+\.js)"/g)) js.add(m[1]!)
  return { css: [...css], js: [...js] }
}

/**
 * The bytes of one response body as sent, not decoded (fetch would decode it), when the client
 * accepts `encoding`.
 */
export function bytesOnTheWire(url: URL, encoding: 'gzip' | 'br'): Promise<number> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume()
        reject(new Error(`${url.pathname} answers ${response.statusCode} (is the server running the current build?)`))
        return
      }
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve(bytes))
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

/** Weighs one page of a running server. */
export async function weighPage(origin: string, pagePath: string): Promise<PageWeight> {
  const response = await fetch(new URL(pagePath, origin), { redirect: 'follow' })
  const html = await response.text()
  const { css, js } = assetsOf(html)
  const files: PageWeight['files'] = []
  for (const [kind, urls] of [
    ['css', css],
    ['js', js],
  ] as const) {
    for (const url of urls) {
      const u = new URL(url, origin)
      const [gzBytes, brBytes] = await Promise.all([bytesOnTheWire(u, 'gzip'), bytesOnTheWire(u, 'br')])
      files.push({ url: u.pathname, kind, gz: gzBytes, br: brBytes })
    }
  }
  const sum = (kind: 'css' | 'js', key: 'gz' | 'br' = 'gz') => files.filter((f) => f.kind === kind).reduce((n, f) => n + f[key], 0)
  return { path: pagePath, status: response.status, html: gz(html), css: sum('css'), js: sum('js'), jsBrotli: sum('js', 'br'), files }
}

/**
 * The public pages to weigh: every concrete public path of the route table, plus a real venue, its
 * state, city and category landing pages, and a blog post when there is one.
 */
export async function publicPages(origin: string): Promise<string[]> {
  const { ROUTE_TABLE } = await import('../../app/features/accounts/route-access')
  const skip = new Set(['/auth/google', '/auth/google/callback', '/reset-password'])
  const pages = ROUTE_TABLE.filter(
    (r) => r.access === 'public' && !r.pattern.includes(':') && !r.pattern.includes('*') && !skip.has(r.pattern),
  ).map((r) => r.pattern)
  const found = (await (await fetch(new URL('/api/v1/venues/search?state=TX&limit=1', origin))).json()) as {
    data?: { venues?: { id: string; slug: string; citySlug: string; stateCode: string; venueType: string }[] }
  }
  const venue = found.data?.venues?.[0]
  if (venue) {
    const state = venue.stateCode.toLowerCase()
    pages.push(
      `/venues/${state}/${venue.citySlug}/${venue.slug}`,
      `/venues/${state}`,
      `/venues/${state}/${venue.citySlug}`,
      `/venues/${state}/${venue.citySlug}/category/${venue.venueType}`,
      `/book/${venue.id}`,
      `/claim/${venue.id}`,
    )
  }
  const blog = await fetch(new URL('/blog', origin))
  if (blog.ok) {
    const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(await blog.text())?.[1]
    if (post) pages.push(post)
  }
  return pages
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
