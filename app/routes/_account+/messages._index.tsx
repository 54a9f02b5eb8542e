import { MESSAGING_TEXTS } from '~/features/messaging/messaging-schemas'

export default function NoConversation() {
  return (
    <div className="card p-8 text-center">
      <p className="text-lg font-semibold">{MESSAGING_TEXTS.noConversation}</p>
      <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
        Pick a conversation, or use ‘Message the owner’ on a venue or booking page.
      </p>
    </div>
  )
}
