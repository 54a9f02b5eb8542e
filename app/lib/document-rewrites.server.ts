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
const MANIFEST_END = ';\nwindow.__remixRouteModules'
const MAX_MANIFEST = 256 * 1024

/**
 * Remix writes the page's route manifest into the document as JSON indented by two spaces (about
 * a third of its 4 KB is whitespace, on every hydrated page). This rewrites it without the
 * indentation; anything it cannot parse, or a manifest over 256 KB, is left as it came.
 */
export function compactManifest(html: string): string {
  const start = html.indexOf(MANIFEST_START)
  if (start === -1) return html
  const from = start + MANIFEST_START.length
  const end = html.indexOf(MANIFEST_END, from)
  if (end === -1 || end - from > MAX_MANIFEST) return html
  const compact = compactJson(html.slice(from, end))
  return compact === null ? html : html.slice(0, from) + compact + html.slice(end)
}

// A page's manifest is the same text on each of its renders (it names the matched routes and the
// build's files): each is compacted once. Bounded by count, and only manifests of up to 16 KB.
const compacted = new Map<string, string>()
const MAX_COMPACTED = 256
const MAX_REMEMBERED = 16 * 1024

function compactJson(json: string): string | null {
  const known = compacted.get(json)
  if (known !== undefined) return known
  let compact: string
  try {
    compact = JSON.stringify(JSON.parse(json))
  } catch {
    // Not the JSON we expected: leave it.
    return null
  }
  if (json.length <= MAX_REMEMBERED) {
    compacted.set(json, compact)
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
    const start = all.indexOf(MANIFEST_START)
    if (start === -1) {
      // Keep back what could be the start of the marker, split across chunks.
      const keep = Math.min(all.length, MANIFEST_START.length - 1)
      this.pending = all.slice(all.length - keep)
      return all.slice(0, all.length - keep)
    }
    if (all.indexOf(MANIFEST_END, start) === -1) {
      if (all.length - start > MAX_MANIFEST) return this.passOn(all)
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
