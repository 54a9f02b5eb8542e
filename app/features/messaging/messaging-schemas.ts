// Messaging input, shared by the /messages forms, the JSON API and the client's optimistic append.
import { z } from 'zod'
import { jsonObject, objectId, text } from '../../core/fields'

export const MESSAGE_MAX_LENGTH = 2000

/** The messaging texts of docs/product.md §8. */
export const MESSAGING_TEXTS = {
  loadConversations: 'Failed to load conversations',
  loadMessages: 'Failed to load messages',
  send: 'Failed to send message',
  start: 'Failed to start conversation',
  markRead: 'Failed to mark conversation as read',
  noConversation: 'No active conversation',
  accessDenied: 'Access denied',
  noToken: 'No authentication token available',
} as const

const id = objectId('Invalid id')

export const sendMessageSchema = z.object({
  content: text({
    required: 'Write a message first',
    min: 1,
    max: MESSAGE_MAX_LENGTH,
    tooLong: `Messages are at most ${MESSAGE_MAX_LENGTH} characters`,
    multiline: true,
  }),
  /** Attached data (a shared plan, a booking card): small enough for a realtime payload. */
  metadata: jsonObject().nullable().optional(),
})

/** Who to talk to: a user directly (the API's recipientId), a venue's owner, or a booking's other side. */
export const startConversationSchema = z
  .object({
    recipientId: id.optional(),
    venueId: id.optional(),
    bookingId: id.optional(),
    content: sendMessageSchema.shape.content.optional(),
    metadata: sendMessageSchema.shape.metadata,
  })
  .refine((v) => v.recipientId || v.venueId || v.bookingId, { message: 'Choose who to message (recipientId, venueId or bookingId)' })

export type StartConversationInput = z.infer<typeof startConversationSchema>
