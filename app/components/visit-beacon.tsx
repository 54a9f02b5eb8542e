import { useEffect } from 'react'

/**
 * Reports that the page was shown (services/page-visits.server.ts): a beacon once per `src` (a
 * client navigation to another venue is another visit), or, without JavaScript, an image the
 * browser loads with the page. A prefetched page is not rendered, so it reports nothing.
 */
export function VisitBeacon({ src }: { src: string }) {
  useEffect(() => {
    const [path = src, query = ''] = src.split('?')
    // A form body: the beacon's POST needs no preflight and reads as a form on the server.
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(path, new URLSearchParams(query))) return
    void fetch(path, { method: 'POST', body: new URLSearchParams(query), keepalive: true, credentials: 'same-origin' }).catch(() => {})
  }, [src])
  return (
    <noscript>
      <img src={src} alt="" width={1} height={1} className="absolute h-px w-px opacity-0" />
    </noscript>
  )
}
