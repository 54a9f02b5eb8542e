import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'

/**
 * Routes HTTP upgrades for /ws to the websocket server on the app's own port. Other upgrade
 * paths are refused (Vite's dev HMR socket runs on its own port).
 * The hub that authenticates sockets and fans out notifications and messages plugs into
 * `onConnection`; until it is attached, /ws answers 503 so clients back off and retry.
 */
export function attachWebSocket(server: Server, onConnection?: (socket: import('ws').WebSocket, request: IncomingMessage) => void) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 })
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost')
    if (pathname !== '/ws') return refuse(socket, 404, 'Not Found')
    if (!onConnection) return refuse(socket, 503, 'Service Unavailable')
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, request))
  })
  return wss
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}
