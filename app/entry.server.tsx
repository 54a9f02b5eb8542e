import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerGeoContext } from '~/components/geo/geo-context'
import { serverGeo } from '~/components/geo/geo.server'
import { NonceProvider } from '~/lib/nonce'
import { ServerOnlyMarkupProvider } from '~/lib/server-only-markup'
import { outletCache, outletKey, spliceOutlet, withOutletMarker } from '~/lib/outlet-cache.server'
import { CompactManifest, DocumentEndLast } from '~/lib/document-rewrites.server'
import { handoffStream, readHandoff, renderDocumentText, withReadHandoff } from '~/lib/render-text.server'

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
    // Read once, for the text renders; the usual render below reads it again from a new stream, or
    // meets the same failure when reading it failed.
    const handoff = await readHandoff(remixContext.serverHandoffStream)
    const page = 'text' in handoff ? sharedOutletPage(request, remixContext, loadContext, outlet, handoff.text) : null
    if (page !== null) {
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      // As bytes: a string body is scanned for lone surrogates, measured and encoded again by the Response.
      return new Response(Buffer.from(page), { headers: responseHeaders, status: responseStatusCode })
    }
    remixContext = { ...remixContext, serverHandoffStream: handoffStream(handoff) }
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
 * around the marker, and the outlet is stored when the two agree. Both are text renders
 * (app/lib/render-text.server.ts) of the loader data read beforehand (`handoff`). Null when
 * something went wrong: the caller renders as usual.
 */
function sharedOutletPage(
  request: Request,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
  outlet: NonNullable<ReturnType<typeof outletKey>>,
  handoff: string | undefined,
): string | null {
  const cache = outletCache()
  const text = (context: EntryContext) => renderDocumentText(page(request, withReadHandoff(context, handoff), loadContext))
  const stored = cache.get(outlet.key)
  if (stored !== undefined) {
    const around = text(withOutletMarker(remixContext, outlet.routeId))
    return around === null ? null : spliceOutlet(around, stored)
  }
  if (!cache.worthStoring(outlet.key)) return null
  const whole = text(remixContext)
  if (whole === null) return null
  const around = text(withOutletMarker(remixContext, outlet.routeId))
  if (around !== null) cache.store(outlet.key, outlet.seconds, whole, around, loadContext.cspNonce)
  return whole
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
