import type { IncomingMessage, Server } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { env } from '~/env.server'
import { isAllowedHost, isForeignOrigin } from '~/web/hosts.server'

/**
 * Routes /ws upgrades to the websocket server (503 until the hub is attached, so clients retry).
 * Upgrades bypass Express, so the host and cross-site checks are made here too: another site must
 * not open a socket with the visitor's cookie and read their messages.
 */
export function attachWebSocket(server: Server, onConnection?: (socket: import('ws').WebSocket, request: IncomingMessage) => void) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 })
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const { pathname } = new URL(request.url ?? '/', 'http://localhost')
    if (pathname !== '/ws') return refuse(socket, 404, 'Not Found')
    const { host, origin } = upgradeOrigin(request)
    if (!isAllowedHost(host)) return refuse(socket, 400, 'Bad Request')
    if (isForeignOrigin(request.headers.origin, origin)) return refuse(socket, 403, 'Forbidden')
    if (!onConnection) return refuse(socket, 503, 'Service Unavailable')
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, request))
  })
  return wss
}

/** The host and origin the upgrade came to; X-Forwarded-* only behind a trusted proxy. */
function upgradeOrigin(request: IncomingMessage) {
  const trusted = env().TRUST_PROXY === 'true'
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim()
  const host = (trusted && first(request.headers['x-forwarded-host'])) || request.headers.host
  const encrypted = Boolean((request.socket as TLSSocket).encrypted)
  const scheme = (trusted && first(request.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http')
  return { host, origin: `${scheme}://${host}` }
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}
