import { StringDecoder } from 'node:string_decoder'
import { Transform } from 'node:stream'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerGeoContext } from '~/components/geo/geo-context'
import { serverGeo } from '~/components/geo/geo.server'
import { NonceProvider } from '~/lib/nonce'
import { ServerOnlyMarkupProvider } from '~/lib/server-only-markup'
import { outletCache, outletKey, spliceOutlet, withOutletMarker } from '~/lib/outlet-cache.server'

export const streamTimeout = 5_000

const DOCUMENT_END = '</body></html>'

/**
 * Remix streams its loader data in <script> tags rendered after the document, i.e. after
 * </body></html>, which is invalid HTML ("stray start tag script"; browsers move them into the
 * body anyway). This holds back the first </body></html> and writes it at the very end, so the
 * streamed scripts land inside the body. Streaming is unchanged.
 */
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
 * indentation; anything it cannot parse, or a manifest over 256 KB, passes through as it came.
 */
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
    const end = all.indexOf(MANIFEST_END, start)
    if (end === -1) {
      if (all.length - start > MAX_MANIFEST) return this.passOn(all)
      this.pending = all
      return ''
    }
    const json = all.slice(start + MANIFEST_START.length, end)
    let compact = json
    try {
      compact = JSON.stringify(JSON.parse(json))
    } catch {
      // Not the JSON we expected: leave it.
    }
    return this.passOn(all.slice(0, start + MANIFEST_START.length) + compact + all.slice(end))
  }
  private passOn(text: string) {
    this.done = true
    this.pending = ''
    return text
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const outlet = outletKey(request, remixContext, loadContext)
  if (outlet) {
    // The loader data's stream can be read once: a copy is kept for the usual render, should this fail.
    const [mine, spare] = remixContext.serverHandoffStream?.tee() ?? [undefined, undefined]
    const page = await sharedOutletPage(request, { ...remixContext, serverHandoffStream: mine }, loadContext, outlet)
    if (page !== null) {
      void spare?.cancel()
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      return new Response(page, { headers: responseHeaders, status: responseStatusCode })
    }
    remixContext = { ...remixContext, serverHandoffStream: spare }
  }
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
  const { status, body } = await render(request, remixContext, loadContext, readyEvent, responseStatusCode)
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status })
}

/**
 * The whole page, with the route component's HTML from the outlet cache when another visitor with
 * the same route data had it rendered (app/lib/outlet-cache.server.tsx): only the document around
 * it is rendered. On a miss for a key asked for lately, the page is rendered in full and again
 * around the marker, and the outlet is stored when the two agree. Null when something went wrong: the caller renders as usual.
 */
async function sharedOutletPage(
  request: Request,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
  outlet: NonNullable<ReturnType<typeof outletKey>>,
): Promise<string | null> {
  const cache = outletCache()
  const stored = cache.get(outlet.key)
  if (stored !== undefined) {
    const around = await renderText(request, withOutletMarker(remixContext, outlet.routeId, remixContext.serverHandoffStream), loadContext)
    return around === null ? null : spliceOutlet(around, stored)
  }
  if (!cache.worthStoring(outlet.key)) return null
  // Both renders read the loader data's stream: each gets a copy.
  const [first, second] = remixContext.serverHandoffStream?.tee() ?? [undefined, undefined]
  const page = await renderText(request, { ...remixContext, serverHandoffStream: first }, loadContext)
  if (page === null) return null
  const around = await renderText(request, withOutletMarker(remixContext, outlet.routeId, second), loadContext)
  if (around !== null) cache.store(outlet.key, outlet.seconds, page, around, loadContext.cspNonce)
  return page
}

/** The whole document as text (every Suspense boundary resolved); null when the render failed. */
async function renderText(request: Request, remixContext: EntryContext, loadContext: AppLoadContext): Promise<string | null> {
  try {
    const { status, body } = await render(request, remixContext, loadContext, 'onAllReady', 200)
    const chunks: Buffer[] = []
    for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
    return status === 200 ? Buffer.concat(chunks).toString('utf8') : null
  } catch {
    return null
  }
}

function render(
  request: Request,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
  readyEvent: 'onAllReady' | 'onShellReady',
  responseStatusCode: number,
) {
  const nonce = loadContext.cspNonce ?? ''
  return new Promise<{ status: number; body: Transform }>((resolve, reject) => {
    let shellRendered = false
    // Set once the render has started; the callbacks below run later (React schedules its work).
    const abortTimer: { id?: NodeJS.Timeout } = {}
    const { pipe, abort } = renderToPipeableStream(
      // Map shapes reach the map components from here, so they never enter a browser bundle.
      <ServerGeoContext.Provider value={serverGeo}>
        <NonceProvider value={nonce}>
          <ServerOnlyMarkupProvider value={loadContext.serving?.serverOnly ?? null}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </ServerOnlyMarkupProvider>
        </NonceProvider>
      </ServerGeoContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = new DocumentEndLast()
          const compact = new CompactManifest()
          compact.pipe(body)
          // Once the document is read to its end or dropped (the client left), the render is
          // let go at once rather than when the abort timer fires: abort() after the end does nothing.
          body.once('close', () => {
            clearTimeout(abortTimer.id)
            abort()
          })
          resolve({ status: responseStatusCode, body })
          pipe(compact)
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer.id)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors inside the shell are logged here; a shell error rejects and Remix logs it.
          if (shellRendered) console.error(error)
        },
      },
    )
    abortTimer.id = setTimeout(abort, streamTimeout + 1_000)
  })
}
