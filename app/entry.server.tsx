import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerGeoContext } from '~/components/geo/geo-context'
import { serverIslands } from '~/components/islands.server'
import { ServerIslandsProvider } from '~/components/server-island'
import { serverGeo } from '~/components/geo/geo.server'
import { DocumentEndLast } from '~/server/document-end.server'
import { NonceProvider } from '~/web/nonce'
import { ServerOnlyMarkupProvider } from '~/web/server-only-markup'

export const streamTimeout = 5_000

/** Remix's document entry as its template writes it, with the app's providers around <RemixServer>. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? ''
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // Set once the render has started; the callbacks below run later (React schedules its work).
    const abortTimer: { id?: NodeJS.Timeout } = {}
    const { pipe, abort } = renderToPipeableStream(
      // Map shapes reach the map components from here, so they never enter a browser bundle.
      <ServerGeoContext.Provider value={serverGeo}>
        <NonceProvider value={nonce}>
          <ServerOnlyMarkupProvider value={loadContext.serving?.serverOnly ?? null}>
            <ServerIslandsProvider value={serverIslands}>
              <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
            </ServerIslandsProvider>
          </ServerOnlyMarkupProvider>
        </NonceProvider>
      </ServerGeoContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          // emitClose off: React aborts its render on its destination's 'close', and aborting a
          // finished render makes it build an error for ending an ended stream.
          const body = new DocumentEndLast({ emitClose: false })
          // Once the document is written to its end the render is let go at once, rather than
          // kept reachable until the abort timer fires.
          body.once('finish', () => clearTimeout(abortTimer.id))
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
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
