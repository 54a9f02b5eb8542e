// A loader run the way the HTTP layer runs it (app/lib/remix-handler.server.ts): with a load
// context of its own, then the visits the loader declared, whose Set-Cookie values go out with the
// response. Tests that call loaders directly use this to see a page's visit as a browser would.
import type { AppLoadContext } from '@remix-run/node'
import { runVisits } from '~/lib/page-serving.server'

type Args = { request: Request; params: Record<string, string>; context?: AppLoadContext }

export async function servePage<T>(loader: (args: Args & { context: AppLoadContext }) => Promise<T>, args: Args) {
  const context: AppLoadContext = { ...args.context }
  const result = await loader({ ...args, context })
  const cookies = await runVisits(args.request, context.serving?.visits ?? [], context.ip)
  return { result, setCookie: cookies[0] ?? null, context }
}
