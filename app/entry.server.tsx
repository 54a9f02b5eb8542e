import { StringDecoder } from 'node:string_decoder'
import { Writable } from 'node:stream'
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerGeoContext } from '~/components/geo/geo-context'
import { serverGeo } from '~/components/geo/geo.server'
import { NonceProvider } from '~/lib/nonce'
import { ServerOnlyMarkupProvider } from '~/lib/server-only-markup'
import { outletCache, outletKey, spliceOutlet, withOutletMarker } from '~/lib/outlet-cache.server'
import { CompactManifest, compactManifest, DocumentEndLast, documentEndLast } from '~/lib/document-rewrites.server'

export const streamTimeout = 5_000

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
      // As bytes: a string body is scanned for lone surrogates, measured and encoded again by the Response.
      return new Response(Buffer.from(page), { headers: responseHeaders, status: responseStatusCode })
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

/**
 * The whole document as text (every Suspense boundary resolved), rewritten as a streamed one is;
 * null when the render failed or threw. React writes into a plain string sink: no streams of the
 * response's kind in between, and no abort after the end (which made React build an error).
 */
function renderText(request: Request, remixContext: EntryContext, loadContext: AppLoadContext): Promise<string | null> {
  return new Promise<string | null>((resolve) => {
    // A render that never settles is given up; its promise answers null (a later answer is ignored).
    const timer = setTimeout(() => {
      abort()
      resolve(null)
    }, streamTimeout + 1_000)
    const decoder = new StringDecoder('utf8')
    let html = ''
    let failed = false
    // emitClose off: React aborts its render on its destination's 'close', even a finished one.
    const sink = new Writable({
      emitClose: false,
      write(chunk: Buffer, _encoding, callback) {
        html += decoder.write(chunk)
        callback()
      },
    })
    sink.once('finish', () => {
      clearTimeout(timer)
      resolve(failed ? null : compactManifest(documentEndLast(html + decoder.end())))
    })
    const { pipe, abort } = renderToPipeableStream(page(request, remixContext, loadContext), {
      nonce: loadContext.cspNonce ?? '',
      onAllReady: () => pipe(sink),
      onShellError() {
        clearTimeout(timer)
        resolve(null)
      },
      onError() {
        failed = true
      },
    })
  }).catch(() => null)
}

/** The React tree of a page: Remix's server component inside what the app provides to every render. */
function page(request: Request, remixContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce ?? ''
  return (
    // Map shapes reach the map components from here, so they never enter a browser bundle.
    <ServerGeoContext.Provider value={serverGeo}>
      <NonceProvider value={nonce}>
        <ServerOnlyMarkupProvider value={loadContext.serving?.serverOnly ?? null}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </ServerOnlyMarkupProvider>
      </NonceProvider>
    </ServerGeoContext.Provider>
  )
}

function render(
  request: Request,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
  readyEvent: 'onAllReady' | 'onShellReady',
  responseStatusCode: number,
) {
  const nonce = loadContext.cspNonce ?? ''
  return new Promise<{ status: number; body: DocumentEndLast }>((resolve, reject) => {
    let shellRendered = false
    // Set once the render has started; the callbacks below run later (React schedules its work).
    const abortTimer: { id?: NodeJS.Timeout } = {}
    const { pipe, abort } = renderToPipeableStream(page(request, remixContext, loadContext), {
      nonce,
      [readyEvent]() {
        shellRendered = true
        const body = new DocumentEndLast()
        // emitClose off: React aborts its render on its destination's 'close', and aborting a
        // finished render makes it build an error for ending an ended stream.
        const compact = new CompactManifest({ emitClose: false })
        compact.pipe(body)
        // Once the document is read to its end or dropped (the client left), the render is
        // let go at once rather than when the abort timer fires; only an unfinished one is aborted.
        body.once('close', () => {
          clearTimeout(abortTimer.id)
          if (!body.writableFinished) abort()
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
    })
    abortTimer.id = setTimeout(abort, streamTimeout + 1_000)
  })
}
