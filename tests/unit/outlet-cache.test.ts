// The outlet cache's rules in isolation (the assembled server is tested in
// tests/integration/outlet-cache.test.ts): an outlet is cut only from a page that is exactly the
// document around the marker with something in its place, spliced back only where the marker is
// once, kept for its seconds, within its memory, and never with the request's nonce in it.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { OUTLET_MARKER, createOutletCache, cutOutlet, outletKey, spliceOutlet } from '~/lib/outlet-cache.server'

const around = (before: string, after: string) => `${before}${OUTLET_MARKER}${after}`

describe('cutting and splicing', () => {
  test('what is cut from a page is what splicing puts back, for any document and outlet', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (before, outlet, after) => {
        const page = before + outlet + after
        expect(cutOutlet(page, around(before, after))).toBe(outlet)
        expect(spliceOutlet(around(before, after), outlet)).toBe(page)
      }),
    )
  })

  test('a page whose document differs from the one around the marker gives no outlet', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (before, outlet, after) => {
        // The header differs (another user's) or the footer does: nothing can be cut.
        expect(cutOutlet(`A${before}${outlet}${after}`, around(`B${before}`, after))).toBeNull()
        expect(cutOutlet(`${before}${outlet}${after}A`, around(before, `${after}B`))).toBeNull()
      }),
    )
  })

  test('no marker, or the marker twice, cuts and splices nothing', () => {
    expect(cutOutlet('<main>x</main>', '<main></main>')).toBeNull()
    expect(cutOutlet('<main>x</main>', around(around('<main>', ''), '</main>'))).toBeNull()
    expect(spliceOutlet('<main></main>', 'x')).toBeNull()
    expect(spliceOutlet(around(around('<main>', ''), '</main>'), 'x')).toBeNull()
  })
})

describe('the cache', () => {
  const shell = around('<header>A</header><main>', '</main>')
  const page = (outlet: string) => `<header>A</header><main>${outlet}</main>`

  test('keeps an outlet for its seconds', () => {
    let clock = 0
    const cache = createOutletCache({ maxBytes: 1 << 20, now: () => clock })
    cache.store('k', 5, page('<article>1</article>'), shell, 'n0nce')
    expect(cache.get('k')).toBe('<article>1</article>')
    clock = 4_999
    expect(cache.get('k')).toBe('<article>1</article>')
    clock = 5_000
    expect(cache.get('k')).toBeUndefined()
  })

  test('never stores an outlet carrying the request’s nonce, or one the document around it does not frame', () => {
    const cache = createOutletCache({ maxBytes: 1 << 20 })
    cache.store('nonce', 5, page('<script nonce="n0nce"></script>'), shell, 'n0nce')
    cache.store('other header', 5, '<header>B</header><main><article>1</article></main>', shell, 'n0nce')
    expect(cache.get('nonce')).toBeUndefined()
    expect(cache.get('other header')).toBeUndefined()
    expect(cache.stats().refused).toBe(2)
  })

  test('a second render is paid only for a key asked for within the last minute', () => {
    let clock = 0
    const cache = createOutletCache({ maxBytes: 1 << 20, now: () => clock })
    expect(cache.worthStoring('k')).toBe(false)
    clock = 59_999
    expect(cache.worthStoring('k')).toBe(true)
    clock = 200_000
    expect(cache.worthStoring('k')).toBe(false)
    expect(cache.worthStoring('other')).toBe(false)
  })

  test('evicts the oldest past its memory', () => {
    const cache = createOutletCache({ maxBytes: 2 * 2 * 100 })
    cache.store('a', 60, page('a'.repeat(100)), shell, undefined)
    cache.store('b', 60, page('b'.repeat(100)), shell, undefined)
    cache.store('c', 60, page('c'.repeat(100)), shell, undefined)
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBe('b'.repeat(100))
    expect(cache.get('c')).toBe('c'.repeat(100))
  })
})

describe('the key', () => {
  type State = Partial<EntryContext['staticHandlerContext']>
  function keyOf(data: unknown, { method = 'GET', url = 'http://localhost/venues/tx/austin/hall', state = {} as State, seconds = 5 } = {}) {
    const context = {
      staticHandlerContext: {
        statusCode: 200,
        errors: null,
        actionData: null,
        matches: [{ route: { id: 'root' } }, { route: { id: 'leaf' } }],
        loaderData: { root: { user: 'anyone' }, leaf: data },
        ...state,
      },
    } as unknown as EntryContext
    const load = { serving: { visits: [], sharedSeconds: 5, serverOnly: {}, outletSeconds: seconds } } as AppLoadContext
    return outletKey(new Request(url, { method }), context, load)?.key ?? null
  }

  test('differs whenever the route data differs, in what plain JSON would blur too', () => {
    const variants = [
      { saved: true },
      { saved: false },
      {},
      { saved: undefined },
      { n: null },
      { n: Number.NaN },
      { n: Infinity },
      { n: 1n },
      { n: '1' },
      { at: new Date(0) },
      { at: new Date(0).toISOString() },
      { ids: new Set(['a']) },
      { ids: new Set(['b']) },
      { ids: new Map([['a', 1]]) },
      { ids: ['a'] },
      [undefined],
      [null],
    ]
    const keys = variants.map((data) => keyOf(data))
    expect(keys.every((key) => key !== null)).toBe(true)
    expect(new Set(keys).size).toBe(variants.length)
    // The root's data (the user) is not part of it: the route's data is what the article reads.
    expect(keyOf({ saved: true })).toBe(keyOf({ saved: true }))
  })

  test('is none for anything but a plain successful GET of a route that opted in, or data that is not plain', () => {
    class Venue {}
    expect(keyOf({ venue: new Venue() })).toBeNull()
    expect(keyOf({}, { method: 'POST' })).toBeNull()
    expect(keyOf({}, { seconds: 0 })).toBeNull()
    expect(keyOf({}, { state: { statusCode: 404 } })).toBeNull()
    expect(keyOf({}, { state: { actionData: { leaf: { error: 'x' } } } })).toBeNull()
    expect(keyOf({}, { state: { errors: { leaf: new Error('x') } } })).toBeNull()
    expect(keyOf({}, { url: 'http://localhost/venues/tx/austin/hall?x=1' })).not.toBe(keyOf({}))
  })
})
