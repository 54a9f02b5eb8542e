// Page weight: what a first visit to a page downloads, in gzipped bytes, split into HTML, CSS and
// JavaScript. It reads the server-rendered HTML (which names every stylesheet, every script and,
// through `<link rel="modulepreload">`, every module the page imports on load) and gzips each asset
// the way the server's compression middleware does (zlib level 6). Modules loaded later with
// `import()` (the globe's layers, the voice widget) are not first-load weight and are not counted.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

export const BUDGET = { js: 100 * 1024, css: 50 * 1024 }

export type PageWeight = {
  path: string
  status: number
  html: number
  css: number
  js: number
  files: { url: string; kind: 'css' | 'js'; gz: number }[]
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
 * Weighs one page of a running server. Assets are read from `clientDir` (build/client) when the
 * file is there, else fetched.
 */
export async function weighPage(origin: string, pagePath: string, clientDir = 'build/client'): Promise<PageWeight> {
  const response = await fetch(new URL(pagePath, origin), { redirect: 'follow' })
  const html = await response.text()
  const { css, js } = assetsOf(html)
  const files: PageWeight['files'] = []
  for (const [kind, urls] of [['css', css], ['js', js]] as const) {
    for (const url of urls) {
      const u = new URL(url, origin)
      const local = path.join(clientDir, decodeURIComponent(u.pathname))
      let body: Buffer
      if (u.origin === new URL(origin).origin && fs.existsSync(local)) body = fs.readFileSync(local)
      else {
        const asset = await fetch(u)
        if (!asset.ok) throw new Error(`${pagePath} loads ${url}, which answers ${asset.status} (is the server running the current build?)`)
        body = Buffer.from(await asset.arrayBuffer())
      }
      files.push({ url: u.pathname, kind, gz: gz(body) })
    }
  }
  const sum = (kind: 'css' | 'js') => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gz, 0)
  return { path: pagePath, status: response.status, html: gz(html), css: sum('css'), js: sum('js'), files }
}

/**
 * The public pages to weigh: every concrete public path of the route table, plus a real venue, its
 * state, city and category landing pages, and a blog post when there is one.
 */
export async function publicPages(origin: string): Promise<string[]> {
  const { ROUTE_TABLE } = await import('../../app/lib/route-access')
  const skip = new Set(['/auth/google', '/auth/google/callback', '/reset-password'])
  const pages = ROUTE_TABLE.filter((r) => r.access === 'public' && !r.pattern.includes(':') && !r.pattern.includes('*') && !skip.has(r.pattern)).map((r) => r.pattern)
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
