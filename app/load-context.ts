import '@remix-run/node'
import type { Serving } from '~/web/page-serving.server'
import type { DatabaseOutage } from '~/web/route-errors.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The client address (Express `req.ip`, which honours X-Forwarded-For behind a proxy). */
    ip?: string
    /** The per-request nonce that the Content-Security-Policy allows scripts with. */
    cspNonce?: string
    /** The TCP peer, not X-Forwarded-For: the test fixtures route uses it to insist on loopback. */
    remoteAddress?: string
    /** What the loaders said about serving this page: its visits and whether it may be shared (app/web/page-serving.server.ts). */
    serving?: Serving
    /** Whether the database is out (server/remix-handler.server.ts): every loader and action then refuses with a 503 (web/route-errors.server.ts). */
    databaseOutage?: DatabaseOutage
  }
}

export {}
