import { describe, expect, test } from 'vitest'
import { errorScreenFor, errorText, isVenueNotFound } from '~/components/error-screens'
import { VENUE_NOT_FOUND_STATUS } from '~/core/errors'

// The shape Remix hands an ErrorBoundary for a thrown Response (isRouteErrorResponse checks it).
function routeError(status: number, statusText: string, data: unknown) {
  return { status, statusText, data, internal: false }
}

describe('errorText', () => {
  test("uses a response's string data", () => {
    expect(errorText(routeError(400, 'Bad Request', 'Invalid venue id'))).toBe('400 Invalid venue id')
  })

  test("uses a response's message field", () => {
    expect(errorText(routeError(403, 'Forbidden', { message: 'Owners only' }))).toBe('403 Owners only')
  })

  test('falls back to the status text', () => {
    expect(errorText(routeError(500, 'Internal Server Error', null))).toBe('500 Internal Server Error')
    expect(errorText(routeError(404, '', ''))).toBe('404')
  })

  test("uses an Error's message, a string as is, and says so for anything else", () => {
    expect(errorText(new Error('Request failed with status code 500'))).toBe('Request failed with status code 500')
    expect(errorText('boom')).toBe('boom')
    expect(errorText(42)).toBe('Unknown error')
    expect(errorText(undefined)).toBe('Unknown error')
  })
})

describe('isVenueNotFound', () => {
  test.each(['400 Invalid venue id', 'Request failed with status code 500', 'error 400'])('%j → the Venue Not Found screen', (text) => {
    expect(isVenueNotFound(text)).toBe(true)
  })

  test.each(['404 Not Found', '4000 rows', 'port 1400', '500 Internal Server Error', 'Unknown error'])(
    '%j → not the Venue Not Found screen',
    (text) => {
      expect(isVenueNotFound(text)).toBe(false)
    },
  )
})

describe('errorScreenFor', () => {
  test("a loader's missing venue is chosen by its status text, not by what its text says", () => {
    expect(errorScreenFor(routeError(404, VENUE_NOT_FOUND_STATUS, 'gone'))).toBe('venue-not-found')
    expect(errorScreenFor(routeError(404, 'Not Found', 'Request failed with status code 404'))).toBe('not-found')
    expect(errorScreenFor(routeError(404, 'Not Found', 'Not Found'))).toBe('not-found')
  })

  test('other errors follow the product text rule', () => {
    expect(errorScreenFor(routeError(400, 'Bad Request', 'Invalid venue id'))).toBe('venue-not-found')
    expect(errorScreenFor(new Error('Request failed with status code 500'))).toBe('venue-not-found')
    expect(errorScreenFor(new Error('boom'))).toBe('something-went-wrong')
  })

  test("the shell's boundary (the root's) shows the 404 page for unmatched paths and its one line for anything else", () => {
    expect(errorScreenFor(routeError(404, 'Not Found', 'Not Found'), 'shell')).toBe('not-found')
    expect(errorScreenFor(routeError(500, 'Internal Server Error', 'Request failed'), 'shell')).toBe('shell-failed')
    expect(errorScreenFor(new Error('Request failed with status code 500'), 'shell')).toBe('shell-failed')
    expect(errorScreenFor(new Error('boom'), 'shell')).toBe('shell-failed')
  })
})
