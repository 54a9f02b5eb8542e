import { VENUE_NOT_FOUND_STATUS } from '../core/errors'

// Responses, not `data()`: a thrown `data()` reaches the error boundary without its status text
// (the router keeps only the status), and the status text is what picks the venue's own screen.
const notFound = (body: string, statusText: string) =>
  new Response(body, { status: 404, statusText, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/**
 * A venue that does not exist: a 404 for crawlers whose status text tells the error screen to
 * show 'Venue Not Found' (docs/product.md §2). The text keeps the product's 'Request failed'
 * wording for whatever reads it.
 */
export function venueNotFoundResponse() {
  return notFound('Request failed with status code 404: venue not found', VENUE_NOT_FOUND_STATUS)
}

/** Any other missing page (unknown state, city, category or page number): the 404 page. */
export function pageNotFoundResponse() {
  return notFound('Not Found', 'Not Found')
}

/** `?page=` as a whole number ≥ 1; anything else is not a page. */
export function parsePage(request: Request) {
  const raw = new URL(request.url).searchParams.get('page')
  if (raw === null) return 1
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw pageNotFoundResponse()
  return Number(raw)
}
