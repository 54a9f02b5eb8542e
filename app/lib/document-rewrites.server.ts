// Two rewrites of the HTML React writes for a page, each in two forms: a Transform for a streamed
// document, and a function of the whole text for a document rendered to a string (the outlet
// cache's renders). The stream forms call the text forms on what they hold, so the two agree
// (tests/unit/document-end.test.ts checks them against each other over random chunkings).
import { StringDecoder } from 'node:string_decoder'
import { Transform } from 'node:stream'

const DOCUMENT_END = '</body></html>'

/**
 * Remix streams its loader data in <script> tags rendered after the document, i.e. after
 * </body></html>, which is invalid HTML ("stray start tag script"; browsers move them into the
 * body anyway). This moves the first </body></html> to the very end, so the streamed scripts land
 * inside the body.
 */
export function documentEndLast(html: string): string {
  const at = html.indexOf(DOCUMENT_END)
  return at === -1 ? html : html.slice(0, at) + html.slice(at + DOCUMENT_END.length) + DOCUMENT_END
}

/** documentEndLast on a stream: holds back the first </body></html> and writes it at the end. Streaming is unchanged. */
export class DocumentEndLast extends Transform {
  private held = false
  private decoder = new StringDecoder('utf8')
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: string) => void) {
    let text = this.decoder.write(chunk)
    const at = this.held ? -1 : text.indexOf(DOCUMENT_END)
    if (at !== -1) {
      text = text.slice(0, at) + text.slice(at + DOCUMENT_END.length)
      this.held = true
    }
    callback(null, text)
  }
  override _flush(callback: (error?: Error | null, data?: string) => void) {
    callback(null, this.decoder.end() + (this.held ? DOCUMENT_END : ''))
  }
}

const MANIFEST_START = 'window.__remixManifest = '
const MODULES_START = ';\nwindow.__remixRouteModules = '
const MODULES_END = '};'
const MAX_MANIFEST = 256 * 1024

/**
 * Where the manifest's JSON ends and the route modules' object (`{"root":route0,…}`, the routes
 * the page rendered) is, once both are in `html`; 'none' without a manifest, 'partial' before its
 * statements have arrived.
 */
function findManifest(html: string): { from: number; to: number; modules: string } | 'none' | 'partial' {
  const start = html.indexOf(MANIFEST_START)
  if (start === -1) return 'none'
  const from = start + MANIFEST_START.length
  const to = html.indexOf(MODULES_START, from)
  const modulesEnd = to === -1 ? -1 : html.indexOf(MODULES_END, to + MODULES_START.length)
  if (modulesEnd === -1) return 'partial'
  return { from, to, modules: html.slice(to + MODULES_START.length, modulesEnd + 1) }
}

/**
 * Remix writes the page's route manifest into the document as JSON indented by two spaces, with
 * the routes of the links to the page's parent paths beside the ones it rendered. This rewrites it
 * without the indentation, and with only the routes the client needs before its route discovery
 * answers (pageRoutes); anything it cannot parse, or a manifest over 256 KB, is left as it came.
 */
export function compactManifest(html: string): string {
  const found = findManifest(html)
  if (typeof found === 'string' || found.to - found.from > MAX_MANIFEST) return html
  const compact = compactJson(html.slice(found.from, found.to), found.modules)
  return compact === null ? html : html.slice(0, found.from) + compact + html.slice(found.to)
}

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean }

/**
 * The routes the page rendered, and under them those that add no path segment (index and pathless
 * routes): without one of those, a parent the client knows would itself match the parent's URL and
 * render with an empty outlet. A route with a path of its own can go: no route the client knows
 * matches its URL (or only a dynamic one, for which React Router asks first), so the client asks
 * the server's route discovery for it, as it already does for every link on the page once
 * hydrated. A venue page loses three routes of six (about 1.8 KB). Null when `rendered`
 * names a route the manifest lacks.
 */
export function pageRoutes(routes: Record<string, ManifestRoute>, rendered: string[]): Record<string, ManifestRoute> | null {
  if (rendered.length === 0 || !rendered.every((id) => id in routes)) return null
  const kept = new Set(rendered)
  // Each pass keeps the next level down; no tree is deeper than its number of routes.
  for (let pass = 0, grew = true; grew && pass < Object.keys(routes).length; pass++) {
    grew = false
    for (const route of Object.values(routes)) {
      if (kept.has(route.id) || route.path || route.parentId === undefined || !kept.has(route.parentId)) continue
      kept.add(route.id)
      grew = true
    }
  }
  return Object.fromEntries(Object.entries(routes).filter(([id]) => kept.has(id)))
}

/** The route ids in the route modules' object Remix writes (each key is JSON.stringify'd). */
function renderedRouteIds(modules: string): string[] {
  const ids: string[] = []
  for (const [, key] of modules.matchAll(/("(?:[^"\\]|\\.)*"):route\d+/g)) ids.push(JSON.parse(key!) as string)
  return ids
}

// A page's manifest is the same text on each of its renders (it names the matched routes and the
// build's files): each is rewritten once. Bounded by count, and only manifests of up to 16 KB.
const compacted = new Map<string, string>()
const MAX_COMPACTED = 256
const MAX_REMEMBERED = 16 * 1024

function compactJson(json: string, modules: string): string | null {
  const key = `${modules}\n${json}`
  const known = compacted.get(key)
  if (known !== undefined) return known
  let compact: string
  try {
    const manifest = JSON.parse(json) as { routes?: Record<string, ManifestRoute> }
    const routes = manifest.routes && pageRoutes(manifest.routes, renderedRouteIds(modules))
    compact = JSON.stringify(routes ? { ...manifest, routes } : manifest)
  } catch {
    // Not the JSON we expected: leave it.
    return null
  }
  if (key.length <= MAX_REMEMBERED) {
    compacted.set(key, compact)
    if (compacted.size > MAX_COMPACTED) compacted.delete(compacted.keys().next().value as string)
  }
  return compact
}

/** compactManifest on a stream: holds back from the manifest's start until its end has arrived. */
export class CompactManifest extends Transform {
  private decoder = new StringDecoder('utf8')
  private pending = ''
  private done = false
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: string) => void) {
    callback(null, this.rewrite(this.decoder.write(chunk)))
  }
  override _flush(callback: (error?: Error | null, data?: string) => void) {
    const rest = this.pending + this.decoder.end()
    this.pending = ''
    callback(null, rest)
  }
  private rewrite(text: string): string {
    if (this.done) return text
    const all = this.pending + text
    const found = findManifest(all)
    if (found === 'none') {
      // Keep back what could be the start of the marker, split across chunks.
      const keep = Math.min(all.length, MANIFEST_START.length - 1)
      this.pending = all.slice(all.length - keep)
      return all.slice(0, all.length - keep)
    }
    if (found === 'partial') {
      if (all.length - all.indexOf(MANIFEST_START) > MAX_MANIFEST) return this.passOn(all)
      this.pending = all
      return ''
    }
    return this.passOn(compactManifest(all))
  }
  private passOn(text: string) {
    this.done = true
    this.pending = ''
    return text
  }
}
