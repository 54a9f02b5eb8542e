// A refusal (a DomainError with its status) that escapes a loader or action would reach Remix as a
// 500. Here, once for every route module, it is thrown on as a Response with its own status, so the
// error screens decide by it; 5xx errors stay faults. While the database is out every loader and
// action refuses with 503 and Retry-After (decision 033).
import { STATUS_CODES } from 'node:http'
import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import { databaseUnavailable, isDomainError, type DomainError } from '../core/errors'

/** What the server knows of the database (remix-handler.server.ts fills it in per request). */
export type DatabaseOutage = {
  /** A probe found it not answering a moment ago: refuse without trying. */
  known: () => boolean
  /** After a fault: was it the database? */
  suspected: () => Promise<boolean>
  retryAfterSeconds: number
}

/** The answer to a refusal that escaped a loader or action; null for a 5xx, which stays a fault. */
function refusalResponse(error: unknown, request: Request | undefined): Response | null {
  if (!isDomainError(error) || error.status < 400) return null
  if (error.status >= 500) return error.code === 'DATABASE_UNAVAILABLE' ? outageResponse(error, request) : null
  return new Response(error.message, {
    status: error.status,
    statusText: error.options.statusText ?? STATUS_CODES[error.status] ?? '',
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

/** The API's envelope under /api/, the message for a page's error screen elsewhere. */
function outageResponse(error: DomainError, request: Request | undefined) {
  const headers = { 'Retry-After': String(error.options.retryAfterSeconds ?? 1), 'Cache-Control': 'no-store' }
  const init = { status: error.status, statusText: STATUS_CODES[error.status] ?? '', headers }
  if (request && new URL(request.url).pathname.startsWith('/api/'))
    return Response.json({ error: { message: error.message, code: error.code } }, init)
  return new Response(error.message, { ...init, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })
}

type Handler = (...args: never[]) => unknown
type Args = { request?: Request; context?: AppLoadContext } | undefined

/** `handler` with any refusal it throws thrown on as its Response. */
export function answeringRefusals<H extends Handler>(handler: H): H {
  const answering = async (...args: Parameters<H>) => {
    const { request, context } = (args[0] ?? {}) as NonNullable<Args>
    const outage = context?.databaseOutage
    if (outage?.known()) throw outageResponse(databaseUnavailable(outage.retryAfterSeconds), request)
    try {
      return await handler(...args)
    } catch (error) {
      const refusal = refusalResponse(error, request)
      if (refusal) throw refusal
      // A thrown Response (a redirect, a 404) is an answer; an Error may be the database gone.
      if (error instanceof Error && outage && (await outage.suspected()))
        throw outageResponse(databaseUnavailable(outage.retryAfterSeconds), request)
      throw error
    }
  }
  return answering as H
}

type Routes = ServerBuild['routes']
type RouteModule = Routes[string]['module']

// The same wrapped build for the same build: Remix's and our caches of route objects are kept by
// module identity (the dev server hands back the same build until a file changes).
const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>()

/** The build with every route module's loader and action answering refusals with their status. */
export function withRefusalAnswers(build: ServerBuild): ServerBuild {
  let wrapped = wrappedBuilds.get(build)
  if (wrapped) return wrapped
  const routes: Routes = {}
  for (const [id, route] of Object.entries(build.routes)) routes[id] = { ...route, module: wrapModule(route.module) }
  wrappedBuilds.set(build, (wrapped = { ...build, routes }))
  return wrapped
}

function wrapModule(module: RouteModule): RouteModule {
  if (!module.loader && !module.action) return module
  return {
    ...module,
    ...(module.loader ? { loader: answeringRefusals(module.loader) } : {}),
    ...(module.action ? { action: answeringRefusals(module.action) } : {}),
  }
}
