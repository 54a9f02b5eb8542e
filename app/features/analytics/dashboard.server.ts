import { listBookings } from '../bookings/queries.server'
import { listConversations, type ConversationSummary } from '../messaging/messaging.server'
import { unreadCount } from '../notifications/notifications.server'
import type { SessionUser } from '../accounts/session.server'
import type { VenueCardData } from '../venues/venues.server'
import { listWishlist } from '../venues/wishlist.server'
import { todayIso } from '~/core/dates'

type BookingRow = { id: string; venueName: string; startDate: string; endDate: string; status: string; holdRank: number | null }

export type OrganizerDashboardData = {
  firstName: string | null
  upcoming: BookingRow[]
  pendingCount: number
  wishlist: Array<{ id: string; venue: VenueCardData }>
  unread: number
  /** The newest conversations, most recent first. */
  messages: ConversationSummary[]
}

/** The organizer dashboard's figures, all from the actor's own rows. */
export async function organizerDashboard(user: SessionUser): Promise<OrganizerDashboardData> {
  const today = todayIso()
  const [bookings, wishlist, unread, messages] = await Promise.all([
    listBookings(user),
    listWishlist(user),
    unreadCount(user),
    listConversations(user, { limit: 5 }),
  ])
  const mine = bookings.filter(
    (row) => row.organizerId === user.id && (row.status === 'pending' || row.status === 'accepted') && row.endDate >= today,
  )
  return {
    firstName: user.firstName,
    upcoming: mine
      .slice(0, 10)
      .map(({ id, venueName, startDate, endDate, status, holdRank }) => ({ id, venueName, startDate, endDate, status, holdRank })),
    pendingCount: mine.filter((row) => row.status === 'pending').length,
    wishlist: wishlist.map(({ id, venue }) => ({ id, venue })),
    unread,
    messages,
  }
}
