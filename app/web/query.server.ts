import { CONTROL_MESSAGE, hasControlCharacters } from '../core/fields'

/**
 * A text value of the query string, for loaders that read one by hand (admin filters, a tag, a
 * token): trimmed, '' when absent. A value with a control character (NUL, which PostgreSQL refuses
 * in a parameter, CR, LF, …) or longer than `max` is a 400 with the field's name, thrown before
 * any query runs. The search pages' parameters go through their zod schema, whose text fields
 * (app/core/fields.ts) ask the same.
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
