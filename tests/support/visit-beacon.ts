// What a browser does once a page is shown: it sends the page's visit beacon
// (components/visit-beacon.tsx), by sendBeacon (a form POST) or, without JavaScript, by loading
// the <noscript> image (a GET), with the visitor's own headers.
import { VISIT_PATH } from '~/features/analytics/page-visits.server'

/** The beacon URL a page's HTML carries, or null. */
export function beaconIn(html: string) {
  return new RegExp(`${VISIT_PATH}\\?t=[\\w.-]+`).exec(html)?.[0] ?? null
}

export async function sendVisitBeacon(origin: string, html: string, headers: Record<string, string> = {}, method: 'POST' | 'GET' = 'POST') {
  const src = beaconIn(html)
  if (!src) throw new Error('the page has no visit beacon')
  if (method === 'GET') return fetch(origin + src, { headers })
  const [path, query] = src.split('?') as [string, string]
  return fetch(origin + path, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: query,
  })
}
