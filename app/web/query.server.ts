import { CONTROL_MESSAGE, hasControlCharacters } from '../core/fields'

/**
 * A trimmed text value of the query string for loaders that read one by hand: a control character
 * or more than `max` characters is a 400 naming the field, before any query runs.
 */
export function queryText(params: URLSearchParams, name: string, max = 200): string {
  const value = (params.get(name) ?? '').trim()
  if (value.length > max) throw badQuery(`${name} must be at most ${max} characters`)
  if (hasControlCharacters(value)) throw badQuery(`${name}: ${CONTROL_MESSAGE}`)
  return value
}

function badQuery(message: string) {
  return new Response(message, { status: 400, statusText: 'Bad Request', headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
