// The document entry (app/entry.server.tsx) when the loader data's stream fails while a
// shared-outlet page reads it ahead: the page is rendered the usual way, with a stream that fails
// as the first did, as any other page would meet it, rather than a throw out of handleRequest.
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { describe, expect, it, vi } from 'vitest'
import { brokenHandoff } from '../support/streams'

const seen: EntryContext[] = []
vi.mock('@remix-run/react', () => ({
  RemixServer({ context }: { context: EntryContext }) {
    seen.push(context)
    return (
      <html lang="en">
        <body>rendered the usual way</body>
      </html>
    )
  },
}))

const { default: handleRequest } = await import('~/entry.server')

describe('a shared-outlet page whose loader data fails while read ahead', () => {
  it('is rendered the usual way, and that render meets the same failure', async () => {
    const failure = new Error('the loader data broke off')
    const serverHandoffStream = brokenHandoff(failure)
    const context = {
      serverHandoffStream,
      staticHandlerContext: {
        statusCode: 200,
        errors: null,
        actionData: null,
        matches: [{ route: { id: 'root' } }, { route: { id: 'routes/venue' } }],
        loaderData: { root: {}, 'routes/venue': { name: 'The Hall' } },
      },
    } as unknown as EntryContext
    const load = { cspNonce: 'n', serving: { visits: [], sharedSeconds: 5, serverOnly: {}, outletSeconds: 60 } } as AppLoadContext
    const request = new Request('http://localhost/venues/tx/austin/hall', { headers: { 'user-agent': 'Googlebot' } })

    const response = await handleRequest(request, 200, new Headers(), context, load)

    expect(response.status).toBe(200)
    expect(await response.text()).toContain('rendered the usual way')
    expect(seen).toHaveLength(1)
    await expect(seen[0]!.serverHandoffStream!.getReader().read()).rejects.toBe(failure)
  })
})
