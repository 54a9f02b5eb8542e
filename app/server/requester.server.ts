// Who a request comes from and what it names, read from Node's own request exactly as Express reads
// them (trust proxy included), for the stored-page answer that runs before Express
// (tests/unit/requester.test.ts checks these against Express's getters).
import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import proxyAddr from 'proxy-addr'

/** Express's compiled trust proxy setting (`app.get('trust proxy fn')`): whether the hop at `index` may be believed. */
export type Trust = (address: string | undefined, index: number) => boolean

/** The first of a header's comma-separated values (Node joins a repeated header with ', '). */
const first = (value: string) => {
  const comma = value.indexOf(',')
  return (comma === -1 ? value : value.slice(0, comma)).trim()
}

/** Whether the peer is a proxy whose forwarding headers are believed. */
export const fromTrustedProxy = (req: IncomingMessage, trust: Trust | undefined) => Boolean(trust?.(req.socket.remoteAddress, 0))

/**
 * The host the request is for: X-Forwarded-Host only behind a trusted proxy, else the Host
 * header. Express's own `req.hostname` drops the port, which the host check needs.
 */
export function requestHostOf(req: IncomingMessage, trust: Trust | undefined): string | undefined {
  const forwarded = fromTrustedProxy(req, trust) ? req.headers['x-forwarded-host'] : undefined
  return (forwarded === undefined ? undefined : first(String(forwarded))) || req.headers.host
}

/** 'https' or 'http' (X-Forwarded-Proto behind a trusted proxy), as Express's `req.protocol`. */
export function requestProtocolOf(req: IncomingMessage, trust: Trust | undefined): string {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http'
  if (!fromTrustedProxy(req, trust)) return own
  return first(String(req.headers['x-forwarded-proto'] || own))
}

/** The client's address (the nearest untrusted hop of X-Forwarded-For), as Express's `req.ip`. */
export function requestIpOf(req: IncomingMessage, trust: Trust | undefined): string | undefined {
  return proxyAddr(req, trust ?? (() => false))
}

/** The path of a request target, without its query (or a fragment a client sent), as Express's `req.path` reads it. */
export function requestPathOf(url: string): string {
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}
