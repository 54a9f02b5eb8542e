// A page rendered to one string in a single synchronous pass, for the pages assembled from the
// outlet cache (app/lib/outlet-cache.server.tsx): React's streaming renderer encodes its output into
// small byte chunks and schedules its work and every Suspense boundary through the event loop, all
// of which the shared-outlet page then had to read back and decode. renderToString gives the same
// markup byte for byte (tests/integration/outlet-cache.test.ts compares the two) for less CPU per
// signed-in venue page (docs/decisions/029-shared-outlet-render.md, item 8, has the measurement).
//
// What made the document suspend is Remix's hydration script, <StreamTransfer>, which reads the
// loader data's stream one chunk per render pass. The stream is read to its end first and handed
// to it as already read (its own cache of reads, renderMeta.streamCache), so nothing waits.
import type { EntryContext } from '@remix-run/node'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { compactManifest, documentEndLast } from '~/lib/document-rewrites.server'

/**
 * The loader data's stream (single fetch's turbo-stream) read to its end: its text (undefined when
 * the page has no stream), or what it failed with.
 */
export type Handoff = { text: string | undefined } | { failed: unknown }

export async function readHandoff(stream: ReadableStream<Uint8Array> | undefined): Promise<Handoff> {
  if (!stream) return { text: undefined }
  const decoder = new TextDecoder()
  // A reader, not `for await`: node's async iterator releases its reader at the end, and the
  // release builds an error whose stack is mapped through the source maps tsx enables (168 ms in
  // a profile of 700 first views). The lock needs no release: nobody reads the stream again.
  const reader = stream.getReader()
  let text = ''
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) text += decoder.decode(read.value, { stream: true })
  } catch (failed) {
    return { failed }
  }
  return { text: text + decoder.decode() }
}

/**
 * The same as a stream again, for a render that reads it the usual way: the text, or a stream
 * that fails as the first did, so that render meets the failure as on any other page.
 */
export function handoffStream(handoff: Handoff): ReadableStream<Uint8Array> | undefined {
  if ('failed' in handoff) {
    return new ReadableStream({
      start(controller) {
        controller.error(handoff.failed)
      },
    })
  }
  if (handoff.text === undefined) return undefined
  const bytes = new TextEncoder().encode(handoff.text)
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}

/**
 * The entry context with the loader data already read: <StreamTransfer> finds all of it in its
 * first read and the end in its second, and writes one script (a streamed page writes one per
 * chunk; the browser's decoder reads the same text either way).
 */
export function withReadHandoff(context: EntryContext, handoff: string | undefined): EntryContext {
  if (handoff === undefined) return { ...context, renderMeta: {}, serverHandoffStream: undefined }
  const read = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result })
  return {
    ...context,
    renderMeta: { streamCache: { 0: read({ done: false, value: handoff }), 1: read({ done: true, value: '' }) } },
    // Read by nobody (the cache answers first), but Remix takes a reader from it.
    serverHandoffStream: new ReadableStream<Uint8Array>(),
  } as EntryContext
}

/**
 * The whole document as text, rewritten as a streamed one is (document-rewrites.server.ts); null
 * when the render threw, or left a Suspense boundary to the browser because something in it was
 * still loading (a lazy component's module, on the first pages after start): the caller then
 * renders the usual way, which waits for it.
 */
export function renderDocumentText(element: ReactElement): string | null {
  let html: string
  try {
    html = renderToString(element)
  } catch {
    return null
  }
  if (html.includes('<!--$!-->')) return null
  // React writes the doctype itself only when it streams.
  return compactManifest(documentEndLast(`<!DOCTYPE html>${html}`))
}
