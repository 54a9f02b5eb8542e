/**
 * A request the browser made ahead of a visit (Remix's `<Link prefetch="intent">` adds
 * `<link rel="prefetch">`, which Chromium marks `Sec-Purpose: prefetch`, others `Purpose: prefetch`).
 * Nobody has opened the page yet: do not count it as a visit.
 */
export function isPrefetch(request: { headers: Pick<Headers, 'get'> }) {
  return /\bprefetch\b/i.test(request.headers.get('Sec-Purpose') ?? request.headers.get('Purpose') ?? '')
}
