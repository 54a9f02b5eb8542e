// The text render of shared-outlet pages (app/lib/render-text.server.ts): the loader data read to
// its end and back, and a render that answers null, for the usual streamed render to take over,
// whenever React could not finish the page in one pass.
import { lazy, Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { handoffStream, readHandoff, renderDocumentText } from '~/lib/render-text.server'
import { brokenHandoff } from '../support/streams'

function streamOf(...chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
}

const documentOf = (body: React.ReactNode) => (
  <html lang="en">
    <body>{body}</body>
  </html>
)

describe('the loader data read ahead', () => {
  it('is the whole text, a character split between chunks included, and reads back the same', async () => {
    const bytes = new TextEncoder().encode('[{"_1":2},"Café – “Mercury”",0]')
    const at = bytes.indexOf(0xc3) + 1
    const read = await readHandoff(streamOf(bytes.slice(0, at), bytes.slice(at, at + 3), bytes.slice(at + 3)))
    expect(read).toEqual({ text: '[{"_1":2},"Café – “Mercury”",0]' })
    expect(await readHandoff(handoffStream(read))).toEqual(read)
    expect(await readHandoff(undefined)).toEqual({ text: undefined })
    expect(handoffStream({ text: undefined })).toBeUndefined()
    expect(await readHandoff(streamOf())).toEqual({ text: '' })
  })

  it('answers what the stream failed with, part way or at once, and hands the same failure on', async () => {
    const failure = new Error('the loader data broke off')
    const partWay = brokenHandoff(failure)
    const read = await readHandoff(partWay)
    expect(read).toEqual({ failed: failure })
    expect(await readHandoff(handoffStream(read))).toEqual({ failed: failure })
    const reader = handoffStream(read)!.getReader()
    await expect(reader.read()).rejects.toBe(failure)
  })
})

describe('a document rendered as text', () => {
  it('has its doctype and ends with the document end, as a streamed one does', () => {
    const html = renderDocumentText(documentOf(<p>Hi</p>))
    expect(html).toBe('<!DOCTYPE html><html lang="en"><body><p>Hi</p></body></html>')
  })

  it('is null when a component throws', () => {
    const Broken = () => {
      throw new Error('no')
    }
    expect(renderDocumentText(documentOf(<Broken />))).toBeNull()
  })

  it('is null when something is still loading, inside a Suspense boundary or outside one', () => {
    const never = () => new Promise<{ default: () => null }>(() => {})
    const Waiting = lazy(never)
    expect(renderDocumentText(documentOf(<Suspense fallback={<p>…</p>}>{<Waiting />}</Suspense>))).toBeNull()
    const Bare = lazy(never)
    expect(renderDocumentText(documentOf(<Bare />))).toBeNull()
  })

  it('renders a lazy component once its module is loaded', async () => {
    let load!: (module: { default: () => React.ReactNode }) => void
    const Later = lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => (load = resolve)))
    const tree = documentOf(
      <Suspense fallback={<p>…</p>}>
        <Later />
      </Suspense>,
    )
    expect(renderDocumentText(tree)).toBeNull()
    load({ default: () => <p>Loaded</p> })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(renderDocumentText(tree)).toContain('<!--$--><p>Loaded</p><!--/$-->')
  })
})
