import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { Button, LinkButton } from '~/components/ui/button'
import { AlertIcon } from '~/components/ui/icons'
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

function NotFoundScreen() {
  const [imageFailed, setImageFailed] = useState(false)
  const image = useRef<HTMLImageElement>(null)
  // An image that failed before hydration fired its error event before React listened: read its
  // state once mounted, so the text panel replaces it either way.
  useEffect(() => {
    const img = image.current
    if (img?.complete && img.naturalWidth === 0) setImageFailed(true)
  }, [])
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center">
      {imageFailed ? (
        <NotFoundPanel />
      ) : (
        // Without JavaScript a failed image shows its alt text, styled as the same panel.
        <img
          ref={image}
          src="/images/404.svg"
          alt="404: this page took a wrong turn on tour"
          width={480}
          height={270}
          loading="eager"
          onError={() => setImageFailed(true)}
          className="mb-8 flex aspect-video w-full max-w-md items-center justify-center rounded-card bg-neutral-100 text-center text-lg font-semibold text-neutral-700 dark:bg-card-dark dark:text-neutral-200"
        />
      )}
      <h1 className="text-4xl font-bold">OMG IT&apos;S A 404!</h1>
      <p className="mt-4 text-lg text-neutral-700 dark:text-neutral-300">Oops! The page you&apos;re looking for doesn&apos;t exist.</p>
      <LinkButton to="/" size="lg" className="mt-8">
        Go Home
      </LinkButton>
    </section>
  )
}

function NotFoundPanel() {
  return (
    <div className="mb-8 flex aspect-video w-full max-w-md items-center justify-center rounded-card bg-neutral-100 p-6 text-lg font-semibold text-neutral-700 dark:bg-card-dark dark:text-neutral-200">
      404: this page took a wrong turn on tour
    </div>
  )
}

function VenueNotFoundScreen() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">Venue Not Found</h1>
      <p className="mt-4 text-neutral-700 dark:text-neutral-300">We couldn&apos;t load this venue. This can happen when:</p>
      <ul className="mt-4 list-disc space-y-2 pl-6 text-neutral-700 dark:text-neutral-300">
        <li>The venue&apos;s URL has changed.</li>
        <li>The venue is no longer available.</li>
        <li>There is a temporary technical issue.</li>
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <LinkButton to="/venues-mosaic">Browse All Venues</LinkButton>
        <LinkButton to="/" variant="outline">
          Go Home
        </LinkButton>
      </div>
    </section>
  )
}

function SomethingWentWrongScreen({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <AlertIcon className="size-8 text-amber-600" />
        Something Went Wrong
      </h1>
      <p className="mt-4 rounded-control bg-neutral-100 p-4 font-mono text-sm break-words text-neutral-800 dark:bg-card-dark dark:text-neutral-200">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {/* A GET form to the same URL is a reload that works without JavaScript too. */}
        <form method="get">
          <Button type="submit">Try Again</Button>
        </form>
        <LinkButton to="/" variant="outline">
          Go Home
        </LinkButton>
      </div>
    </section>
  )
}

export function AuthenticationErrorScreen() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">Authentication Error</h1>
      <p className="mt-4 text-neutral-700 dark:text-neutral-300">There was an issue with the authentication system.</p>
      <form method="get" className="mt-8">
        <Button type="submit">Refresh Page</Button>
      </form>
    </section>
  )
}

/** The shell's own failure (the root route): one line, since the page around it may be half drawn. */
function ShellFailedScreen({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16" role="alert">
      <p className="text-xl font-semibold">Something went wrong: {message}</p>
      <a href="/" className="mt-6 inline-block link">
        Go Home
      </a>
    </section>
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
export function errorScreenFor(
  error: unknown,
  scope: Scope = 'page',
): 'not-found' | 'venue-not-found' | 'something-went-wrong' | 'shell-failed' {
  if (isRouteErrorResponse(error) && error.status === 404)
    return scope === 'page' && error.statusText === VENUE_NOT_FOUND_STATUS ? 'venue-not-found' : 'not-found'
  if (scope === 'shell') return 'shell-failed'
  return isVenueNotFound(errorText(error)) ? 'venue-not-found' : 'something-went-wrong'
}

function ErrorScreen({ error, scope }: { error: unknown; scope: Scope }) {
  const kind = errorScreenFor(error, scope)
  if (kind === 'venue-not-found') return <VenueNotFoundScreen />
  if (kind === 'not-found') return <NotFoundScreen />
  if (kind === 'shell-failed') return <ShellFailedScreen message={errorText(error)} />
  return <SomethingWentWrongScreen message={errorText(error)} />
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
