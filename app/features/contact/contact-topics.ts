// The contact form's topics and limits, without zod: the page's browser code imports these
// (the schema in contact.ts runs on the server only; see app/web/server-form.ts).

export const CONTACT_TOPICS = ['general', 'booking', 'venues', 'sales', 'press'] as const
export type ContactTopic = (typeof CONTACT_TOPICS)[number]

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  general: 'General question',
  booking: 'Bookings and holds',
  venues: 'Venue listings and claims',
  sales: 'Sales and paid plans',
  press: 'Press',
}

export function isContactTopic(value: unknown): value is ContactTopic {
  return typeof value === 'string' && (CONTACT_TOPICS as readonly string[]).includes(value)
}

export const MESSAGE_MIN = 10
export const MESSAGE_MAX = 5000
