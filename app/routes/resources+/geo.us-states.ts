import type { LoaderFunctionArgs } from '@remix-run/node'
import { US_STATES, usState } from '~/components/geo/us-states.server'

// State path data for map components that mounted after a client-side navigation
// (see components/geo/use-state-paths.ts): `{ "TX": "m..." }`, all states or `?state=TX`.
export async function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get('state')
  const one = code ? usState(code) : undefined
  if (code && !one) throw new Response('Unknown state', { status: 404 })
  const states = one ? [one] : US_STATES
  return new Response(JSON.stringify(Object.fromEntries(states.map((s) => [s.code, s.d]))), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      // The shapes change only with a deploy; a day of caching is safe without a hashed URL.
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
    },
  })
}
