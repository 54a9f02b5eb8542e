// The websocket's JSON frames (docs/messaging.md: `{"type": "notification" | "message", ...}`), one zod
// schema for the hub that sends them and the browser client that reads them.
import { z } from 'zod'

export const notificationFrameSchema = z.object({
  type: z.literal('notification'),
  notification: z.object({
    id: z.string(),
    title: z.string(),
    message: z.string(),
    type: z.enum(['success', 'error', 'warning', 'info']),
    read: z.boolean(),
    link: z.string().nullable().optional(),
    createdAt: z.string(),
  }),
})

export const messageFrameSchema = z.object({
  type: z.literal('message'),
  message: z.object({
    id: z.string(),
    conversationId: z.string(),
    senderId: z.string().nullable(),
    /** Left out when it would not fit a PostgreSQL NOTIFY payload; the client revalidates then. */
    content: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()).nullable().optional(),
    createdAt: z.string(),
  }),
})

/** Sent once after a socket authenticates, so clients know the hub accepted them. */
export const readyFrameSchema = z.object({ type: z.literal('ready'), userId: z.string() })

export const frameSchema = z.discriminatedUnion('type', [notificationFrameSchema, messageFrameSchema, readyFrameSchema])

export type Frame = z.infer<typeof frameSchema>
export type NotificationFrame = z.infer<typeof notificationFrameSchema>
export type MessageFrame = z.infer<typeof messageFrameSchema>

/** Parses a raw socket payload; anything that is not a valid frame is null (and ignored). */
export function parseFrame(raw: unknown): Frame | null {
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      return null
    }
  }
  const parsed = frameSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** Close codes the hub uses; 4401 mirrors HTTP 401 (no session, or the session ended), 4429 HTTP 429. */
export const CLOSE_UNAUTHORIZED = 4401
/** The user opened more sockets than the hub keeps (MAX_SOCKETS_PER_USER): their oldest is closed. */
export const CLOSE_TOO_MANY = 4429
export const CLOSE_GOING_AWAY = 1001
