import { useEffect, useRef, useState } from 'react'
import { Button, LinkButton } from '~/components/ui/button'
import { AlertIcon } from '~/components/ui/icons'

// The screens an error boundary draws (docs/product.md §2). Pages load them only when an error is
// shown (components/error-screens.tsx), so they are not part of every page's first load.

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

function AuthenticationErrorScreen() {
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

export type ErrorScreenKind = 'not-found' | 'venue-not-found' | 'something-went-wrong' | 'shell-failed' | 'authentication'

/** The screen for a kind of error, with the error's text where the screen shows it. */
export function ErrorScreenView({ kind, message }: { kind: ErrorScreenKind; message: string }) {
  if (kind === 'venue-not-found') return <VenueNotFoundScreen />
  if (kind === 'not-found') return <NotFoundScreen />
  if (kind === 'shell-failed') return <ShellFailedScreen message={message} />
  if (kind === 'authentication') return <AuthenticationErrorScreen />
  return <SomethingWentWrongScreen message={message} />
}
