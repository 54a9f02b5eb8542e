// A service refuses with a DomainError that already says its status: 404 for a missing record,
// 403 for someone else's, 409 for a conflict, 400 for a bad value. The JSON API answers it
// (api.server.ts) and page actions turn it into a form's message (form-errors.server.ts), but
// one that escapes a page's loader or action would reach Remix as an unknown error: a 500 and
// the 'Something Went Wrong' screen, logged as a fault. Here, once for every route module of
// the server build (remixHandler wraps the build it is given), such a refusal is thrown on as a
// Response with its own status, so document requests, single fetch's .data requests and
// resource routes all answer it and the error screens decide by it (a 404 is the not-found
// screen, a missing venue's the venue's own). A 5xx DomainError and any other error are left
// as they are: faults, logged, and answered without their message. The one 5xx refusal is the
// database's outage (the load context's `databaseOutage`): while it is known, every loader and
// action refuses before it starts, and a fault while the database does not answer is that refusal
// too, so pages show the app's own error screen and the API its envelope, both 503 with Retry-After.
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
