// A loader run the way a browser meets its page: the loader with a load context of its own, then,
// when the page is shown (not for a prefetch, which renders nothing), the visit beacon the page
// sends (components/visit-beacon.tsx) with the same headers, whose Set-Cookie is the visitor's
// recently viewed list. Tests that call loaders directly use this to see a page's visit.
import type { AppLoadContext } from '@remix-run/node'
import { isPrefetch } from '~/core/prefetch'
import { loader as visitLoader } from '~/routes/venues+/recently-viewed.visit'

type Args = { request: Request; params: Record<string, string>; context?: AppLoadContext }

/** The beacon URL in a loader's answer (plain data or `data()`), if it has one. */
function visitOf(result: unknown): string | null {
  const value = result && typeof result === 'object' && 'data' in result && 'init' in result ? result.data : result
  const visit = value && typeof value === 'object' && 'visit' in value ? value.visit : null
  return typeof visit === 'string' ? visit : null
}

export async function servePage<T>(loader: (args: Args & { context: AppLoadContext }) => Promise<T>, args: Args) {
  const context: AppLoadContext = { ...args.context }
  const result = await loader({ ...args, context })
  const visit = visitOf(result)
  let setCookie: string | null = null
  if (visit && !isPrefetch(args.request)) {
    const request = new Request(new URL(visit, args.request.url), { headers: args.request.headers })
    const response = await visitLoader({ request, params: {}, context })
    setCookie = response.headers.getSetCookie()[0] ?? null
  }
  return { result, setCookie, context }
}
