import type { Server } from 'node:http'
import { env } from '~/env.server'
import { findLiveSession, sessionCookie } from '~/features/accounts/session.server'
import { createBus, type EventBus } from '../platform/realtime-bus.server'
import { createHub, type Hub } from './hub.server'
import { attachWebSocket } from './upgrade.server'

async function cookieToken(header: string | undefined) {
  const value: unknown = await sessionCookie.parse(header ?? null)
  return typeof value === 'string' && value ? value : null
}

/**
 * Starts the realtime side of an app server: the bus for this process's database, the hub, and
 * the /ws upgrade on the server's own port. Call after initDatabase(); close() on shutdown.
 */
export async function startRealtime(
  server: Server,
  { heartbeatMs, maxSocketsPerUser = env().MAX_SOCKETS_PER_USER }: { heartbeatMs?: number; maxSocketsPerUser?: number } = {},
) {
  const bus: EventBus = createBus()
  await bus.ready
  const hub: Hub = createHub({ bus, authenticate: findLiveSession, cookieToken, heartbeatMs, maxSocketsPerUser })
  const wss = attachWebSocket(server, (socket, request) => void hub.handleConnection(socket, request))
  return {
    bus,
    hub,
    async close() {
      await hub.close()
      wss.close()
      await bus.close()
    },
  }
}
