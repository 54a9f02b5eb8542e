import { data } from '@remix-run/node'

/**
 * A venue that does not exist. The text mentions 'Request failed' so the error screen shows
 * 'Venue Not Found' (spec section 2) while the status stays 404 for crawlers.
 */
export function venueNotFoundResponse() {
  return data('Request failed with status code 404: venue not found', { status: 404, statusText: 'Not Found' })
}

/** Any other missing page (unknown state, city, category or page number): the 404 page. */
export function pageNotFoundResponse() {
  return data('Not Found', { status: 404, statusText: 'Not Found' })
}

/** `?page=` as a whole number ≥ 1; anything else is not a page. */
export function parsePage(request: Request) {
  const raw = new URL(request.url).searchParams.get('page')
  if (raw === null) return 1
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw pageNotFoundResponse()
  return Number(raw)
}
