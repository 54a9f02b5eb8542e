// Every path no other route claims. Throwing the 404 from a route (rather than letting Remix find
// no match) runs the root loader, so the 404 page renders inside the shell: header with the
// visitor's session and theme, footer, toasts.
import { GeneralErrorBoundary } from '~/components/error-screens'

export function loader(): never {
  throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
  return null
}

export { GeneralErrorBoundary as ErrorBoundary }
