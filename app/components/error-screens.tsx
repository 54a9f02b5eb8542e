import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { lazy, Suspense } from 'react'
import { ErrorScreenView, type ErrorScreenKind } from '~/components/error-screen-views'
import { VENUE_NOT_FOUND_STATUS } from '~/core/errors'

/** The error text a screen decides on: a response's data or status text, or an Error's message. */
export function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data
    if (typeof data === 'string' && data) return `${error.status} ${data}`
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return `${error.status} ${data.message}`
    return `${error.status} ${error.statusText}`.trim()
  }
  if (error instanceof Error) return error.message
  return typeof error === 'string' ? error : 'Unknown error'
}

/**
 * The product's rule for an error that is not a route response (docs/product.md §2): the 'Venue
 * Not Found' screen when its text mentions 400 or 'Request failed'. A loader's missing venue is
 * recognized by its status instead (VENUE_NOT_FOUND_STATUS).
 */
export function isVenueNotFound(text: string) {
  return /\b400\b/.test(text) || text.includes('Request failed')
}

/** The root's screen when the session store failed (root.tsx): drawn by the lazy screens too. */
export function AuthenticationErrorScreen() {
  return (
    <Suspense fallback={null}>
      <Screen kind="authentication" message="" />
    </Suspense>
  )
}

/**
 * Where an error was caught: 'page' for a route's own boundary, 'shell' for the root's, which sees
 * unmatched paths (404s) and failures of the whole page render.
 */
type Scope = 'page' | 'shell'

/**
 * Which screen an error gets (docs/product.md §2). A 404 by its status text; any other error of a
 * page by the product's text rule; any other error of the shell is the global one-line failure.
 */
export function errorScreenFor(error: unknown, scope: Scope = 'page'): ErrorScreenKind {
  if (isRouteErrorResponse(error) && error.status === 404)
    return scope === 'page' && error.statusText === VENUE_NOT_FOUND_STATUS ? 'venue-not-found' : 'not-found'
  if (scope === 'shell') return 'shell-failed'
  return isVenueNotFound(errorText(error)) ? 'venue-not-found' : 'something-went-wrong'
}

// The screens are a chunk of their own in the browser: a page that shows no error never loads
// them. The server renders them at once; hydration keeps the server's markup inside the Suspense
// boundary until the chunk arrives (React's selective hydration), so an error page looks the same.
// A chunk that cannot be fetched (offline) gives the plain screen below, never an empty page.
const Screen = import.meta.env.SSR
  ? ErrorScreenView
  : lazy(() =>
      import('~/components/error-screen-views').then(
        (m) => ({ default: m.ErrorScreenView }),
        () => ({ default: PlainErrorScreen }),
      ),
    )

const PLAIN_TITLE: Record<ErrorScreenKind, string> = {
  authentication: 'Authentication Error',
  'not-found': "OMG IT'S A 404!",
  'venue-not-found': 'Venue Not Found',
  'something-went-wrong': 'Something Went Wrong',
  'shell-failed': 'Something went wrong',
}

/** The screen's title and a way home, with no more code than this page already has. */
function PlainErrorScreen({ kind, message }: { kind: ErrorScreenKind; message: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16" data-plain-error="">
      <h1 className="text-3xl font-bold">{PLAIN_TITLE[kind]}</h1>
      {kind === 'something-went-wrong' || kind === 'shell-failed' ? <p className="mt-4">{message}</p> : null}
      <a href="/" className="mt-6 inline-block link">
        Go Home
      </a>
    </section>
  )
}

function ErrorScreen({ error, scope }: { error: unknown; scope: Scope }) {
  return (
    <Suspense fallback={null}>
      <Screen kind={errorScreenFor(error, scope)} message={errorText(error)} />
    </Suspense>
  )
}

function ErrorBoundaryFor({ scope }: { scope: Scope }) {
  const error = useRouteError()
  // A thrown Response is an answer the app chose (404, 403); anything else is a fault worth logging.
  if (typeof document !== 'undefined' && !isRouteErrorResponse(error)) console.error(error)
  return <ErrorScreen error={error} scope={scope} />
}

/** Every route's boundary, in one form: `export { GeneralErrorBoundary as ErrorBoundary }`. */
export function GeneralErrorBoundary() {
  return <ErrorBoundaryFor scope="page" />
}

/** The root's boundary, in the same form: `export { ShellErrorBoundary as ErrorBoundary }`. */
export function ShellErrorBoundary() {
  return <ErrorBoundaryFor scope="shell" />
}
