import { db } from '~/db/client.server'
import { contactMessages } from '~/db/schema'
import { ContactSchema, type ContactInput } from '~/features/contact/contact'
import { takeAttempt } from '../../platform/throttle.server'

/**
 * Stores a message from the contact form. Anyone may write one; a signed-in actor is linked so
 * the reply can go to their account too.
 */
export async function createContactMessage(input: ContactInput, actor: { id: string } | null = null, { ip }: { ip?: string } = {}) {
  // The API may call this without the form's parse; the same schema decides what is stored.
  const message = ContactSchema.parse(input)
  // Per account (the signed-in user, else the email given) and per address.
  await takeAttempt('contact', { account: actor?.id ?? message.email.toLowerCase(), ip })
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, userId: actor?.id ?? null })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt })
  return row!
}
