// Notifications mail names people too, and sit below accounts (docs/architecture.md), so the rule is in core.
export { displayName } from '~/core/words'

/** What the browser knows about the signed-in user (handed over by the root loader). */
export type ClientUser = {
  id: string
  email: string
  role: string
  /** Where the header's Dashboard link goes for this role (the server decides, from core/domain). */
  dashboardPath: string
  firstName: string | null
  lastName: string | null
  profilePicture: string | null
  /** For the bell's badge; the server's count at the last page load. */
  unreadNotifications: number
  /** For the Messages badge: conversations with unread messages at the last page load. */
  unreadConversations: string[]
}
