// One app instance for bench/sockets.ts: the real realtime stack (bus, hub, /ws upgrade) and the
// real messaging service behind a tiny HTTP API, without the Remix build. Started as a child
// process: `npx tsx --expose-gc bench/socket-instance.ts <port> [databaseUrl]`.
import http from 'node:http'
import { sql } from 'drizzle-orm'
import { connect, db, setConnection } from '../app/db/client.server'
import { throwawayPostgres } from '../app/db/embedded-postgres.server'
import { users } from '../app/db/schema'
import { startRealtime } from '../app/realtime/realtime.server'
import { sendMessage, startConversation } from '../app/features/messaging/messaging.server'
import { createSession, findUserByToken } from '../app/features/accounts/session.server'

const port = Number(process.argv[2])
const databaseUrl = process.argv[3] || undefined

const scratch = databaseUrl ? null : await throwawayPostgres()
const conn = await connect({ databaseUrl: databaseUrl ?? scratch!.url })
setConnection(conn)
await conn.migrate()

async function body(req: http.IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>
}

function memory() {
  globalThis.gc?.()
  const { rss, heapUsed, external } = process.memoryUsage()
  return { rss, heapUsed, external }
}

const server = http.createServer(async (req, res) => {
  const reply = (status: number, value: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value))
  try {
    if (req.url === '/setup' && req.method === 'POST') {
      // n socket users plus a sender and a recipient with one conversation between them.
      const { n } = (await body(req)) as { n: number }
      const tag = `${Date.now().toString(36)}-${port}`
      const rows = await db
        .insert(users)
        .values(
          Array.from({ length: n + 2 }, (_, i) => ({
            email: `bench-${tag}-${i}@bench.example`,
            role: 'organizer' as const,
            firstName: 'Bench',
            lastName: `User ${i}`,
            plan: 'pro',
          })),
        )
        .returning({ id: users.id, role: users.role })
      const tokens = await Promise.all(rows.map((row) => createSession(row.id)))
      const [sender, recipient] = rows.slice(n)
      const { conversation } = await startConversation(sender!, { recipientId: recipient!.id })
      return reply(200, { tokens: tokens.slice(0, n), sender: tokens[n], recipient: tokens[n + 1], conversationId: conversation.id })
    }
    if (req.url === '/send' && req.method === 'POST') {
      const { token, conversationId, content } = (await body(req)) as { token: string; conversationId: string; content: string }
      const user = await findUserByToken(token)
      if (!user) return reply(401, { error: 'bad token' })
      return reply(201, await sendMessage(user, conversationId, { content }))
    }
    if (req.url === '/stats') return reply(200, { sockets: realtime.hub.size, memory: memory() })
    reply(404, {})
  } catch (error) {
    reply(500, { error: String(error) })
  }
})
const realtime = await startRealtime(server)
await db.execute(sql`select 1`)
server.listen(port, '127.0.0.1', () => process.send?.('ready'))

process.on('SIGTERM', async () => {
  await realtime.close()
  server.close()
  await conn.close()
  await scratch?.stop()
  process.exit(0)
})
