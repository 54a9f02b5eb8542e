import { EventEmitter } from 'node:events'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { TABLE_WRITES_CHANNEL, connection, db, tableWriteAnnounced, tableWritesHeardBy, type Database } from '~/db/client.server'
import type { Frame } from '~/core/realtime-frames'

/**
 * The realtime bus: events go out with `pg_notify` in the caller's transaction, so a socket never
 * shows a row that was rolled back, and one LISTEN client per process hears every worker and host
 * (docs/decisions/012-realtime.md). It also hands the tables' write announcements to the caches (039).
 */
const CHANNEL = 'stagepass_realtime'
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900

/** A frame for the sockets of these users (published by the services). */
export type FrameEvent = { userIds: string[]; frame: Frame }
/**
 * These sessions ended: their sockets close (published by the sessions table's delete trigger,
 * migration 0017, whatever deleted the rows).
 */
type SessionEndedEvent = { type: 'session-ended'; sessionIds: string[] }
export type RealtimeEvent = FrameEvent | SessionEndedEvent
export type Listener = (event: RealtimeEvent) => void

export interface EventBus {
  readonly kind: 'postgres'
  /** Resolves once the bus is listening (events published before that are not heard). */
  readonly ready: Promise<void>
  subscribe(listener: Listener): () => void
  close(): Promise<void>
}

type Executor = Pick<Database, 'execute'>

/** Publishes an event; pass the transaction so it is delivered when (and only if) it commits. */
export async function publish(event: FrameEvent, executor: Executor = db) {
  await executor.execute(sql`select pg_notify(${CHANNEL}, ${encodeEvent(event)})`)
}

export function encodeEvent(event: FrameEvent) {
  const payload = JSON.stringify(event)
  if (Buffer.byteLength(payload) < MAX_PAYLOAD_BYTES) return payload
  // A long message travels without its text; the client refetches the thread instead.
  if (event.frame.type === 'message') {
    const { content: _dropped, ...message } = event.frame.message
    return JSON.stringify({ ...event, frame: { ...event.frame, message } })
  }
  if (event.frame.type === 'notification') {
    const notification = { ...event.frame.notification, message: event.frame.notification.message.slice(0, 1000) }
    return JSON.stringify({ ...event, frame: { ...event.frame, notification } })
  }
  return payload
}

function decodeEvent(payload: string | undefined): RealtimeEvent | null {
  if (!payload) return null
  try {
    const value = JSON.parse(payload) as Partial<FrameEvent & SessionEndedEvent> | null
    if (value?.type === 'session-ended')
      return Array.isArray(value.sessionIds) ? { type: 'session-ended', sessionIds: value.sessionIds } : null
    return Array.isArray(value?.userIds) && value.frame && typeof value.frame === 'object'
      ? { userIds: value.userIds, frame: value.frame }
      : null
  } catch {
    return null
  }
}

class Fanout {
  private emitter = new EventEmitter().setMaxListeners(0)
  subscribe(listener: Listener) {
    this.emitter.on('event', listener)
    return () => void this.emitter.off('event', listener)
  }
  deliver(payload: string | undefined) {
    const event = decodeEvent(payload)
    if (event) this.emitter.emit('event', event)
  }
  clear() {
    this.emitter.removeAllListeners()
  }
}

export type PostgresBusOptions = {
  /** First reconnect delay; doubles up to maxRetryDelayMs. */
  retryDelayMs?: number
  maxRetryDelayMs?: number
  log?: (message: string) => void
}

/** Several instances on one PostgreSQL database: LISTEN on a dedicated connection. */
export class PostgresBus implements EventBus {
  readonly kind = 'postgres' as const
  readonly ready: Promise<void>
  private fanout = new Fanout()
  private client: pg.Client | null = null
  private closed = false
  private retryTimer: NodeJS.Timeout | null = null
  private attempt = 0

  constructor(
    private readonly connectionString: string,
    private readonly options: PostgresBusOptions = {},
  ) {
    this.ready = this.connect()
  }

  subscribe(listener: Listener) {
    return this.fanout.subscribe(listener)
  }

  /** Connects and LISTENs; the first failure rejects `ready`, later ones only retry. */
  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString })
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) this.fanout.deliver(message.payload)
      else if (message.channel === TABLE_WRITES_CHANNEL && message.payload) tableWriteAnnounced(message.payload)
    })
    client.on('error', (error) => this.lost(client, error))
    client.on('end', () => this.lost(client))
    await client.connect()
    await client.query(`listen ${CHANNEL}; listen ${TABLE_WRITES_CHANNEL}`)
    if (this.closed) {
      await client.end().catch(() => {})
      return
    }
    this.client = client
    this.attempt = 0
    // From here every write is heard: the caches, emptied, may fill again.
    tableWritesHeardBy(this, true)
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.closed || this.client !== client) return
    this.client = null
    // Writes are not heard until the connection is back: the caches empty and stand aside.
    tableWritesHeardBy(this, false)
    client.removeAllListeners('end')
    void client.end().catch(() => {})
    const log = this.options.log ?? ((message: string) => console.warn(message))
    log(`[realtime] LISTEN connection lost${error ? ` (${error.message})` : ''}; reconnecting`)
    this.scheduleReconnect()
  }

  private scheduleReconnect() {
    if (this.closed) return
    const base = this.options.retryDelayMs ?? 250
    const delay = Math.min(base * 2 ** this.attempt, this.options.maxRetryDelayMs ?? 5000)
    this.attempt++
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.connect().catch(() => this.scheduleReconnect())
    }, delay)
    this.retryTimer.unref()
  }

  /** For tests: whether the LISTEN connection is up. */
  get listening() {
    return this.client !== null
  }

  /** For tests: drops the LISTEN connection as a network failure would. */
  simulateDrop() {
    const client = this.client
    if (client) client.emit('error', new Error('simulated drop'))
  }

  async close() {
    this.closed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.fanout.clear()
    tableWritesHeardBy(this, false)
    const client = this.client
    this.client = null
    if (client) {
      client.removeAllListeners('end')
      await client.end().catch(() => {})
    }
  }
}

/** The bus of the process's database connection. */
export function createBus(): EventBus {
  const url = connection().pool.options.connectionString
  if (!url) throw new Error('The realtime bus needs the PostgreSQL connection string.')
  return new PostgresBus(url)
}
