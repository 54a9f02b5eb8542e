// A service refuses with a DomainError that already says its status: 404 for a missing record,
// 403 for someone else's, 409 for a conflict, 400 for a bad value. The JSON API answers it
// (api.server.ts) and page actions turn it into a form's message (form-errors.server.ts), but
// one that escapes a page's loader or action would reach Remix as an unknown error: a 500 and
// the 'Something Went Wrong' screen, logged as a fault. Here, once for every route module of
// the server build (remixHandler wraps the build it is given), such a refusal is thrown on as a
// Response with its own status, so document requests, single fetch's .data requests and
// resource routes all answer it and the error screens decide by it (a 404 is the not-found
// screen, a missing venue's the venue's own). A 5xx DomainError and any other error are left
// as they are: faults, logged, and answered without their message.
import { STATUS_CODES } from 'node:http'
import type { ServerBuild } from '@remix-run/node'
import { isDomainError } from '../core/errors'

/** The answer to a refusal that escaped a loader or action; null for a 5xx, which stays a fault. */
function refusalResponse(error: unknown): Response | null {
  if (!isDomainError(error) || error.status < 400 || error.status >= 500) return null
  return new Response(error.message, {
    status: error.status,
    statusText: error.options.statusText ?? STATUS_CODES[error.status] ?? '',
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

type Handler = (...args: never[]) => unknown

/** `handler` with any refusal it throws thrown on as its Response. */
export function answeringRefusals<H extends Handler>(handler: H): H {
  const answering = async (...args: Parameters<H>) => {
    try {
      return await handler(...args)
    } catch (error) {
      throw refusalResponse(error) ?? error
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
