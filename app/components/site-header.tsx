import { plural } from '~/core/words'
import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { lazy, Suspense, useState } from 'react'
import { Avatar } from '~/components/avatar'
import { ThemeToggle } from '~/components/theme-toggle'
import { VOICE_DOCK_ID } from '~/components/voice/dock'
import { ActionMenu, type MenuEntry } from '~/components/ui/action-menu'
import { buttonClass } from '~/components/ui/button'
import { BellIcon, CloseIcon, MenuIcon } from '~/components/ui/icons'
import { cx } from '~/core/cx'
import type { Theme } from '~/core/theme'
import { displayName, type ClientUser } from '~/features/accounts/user'
import { signInHref } from '~/features/tours/planner-return'
import { useHydrated } from '~/hooks/use-hydrated'
import { UnreadBadge } from '~/components/unread-badge'

export const PRODUCT_NAME = 'Stagepass'

// The bell's panel (list, live updates, mark-read) is only for signed-in visitors: its code loads
// when a signed-in header renders, so a signed-out first visit does not download it. Until then
// it is the plain link it also is without JavaScript.
const NotificationBell = lazy(() => import('~/components/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })))

export function BellLink({ unreadCount }: { unreadCount: number }) {
  return (
    <Link
      to="/notifications"
      className="relative inline-flex size-10 items-center justify-center rounded-control hover:bg-white/15"
      aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
    >
      <BellIcon />
      {/* Without JavaScript this link is the bell: it shows the count too. */}
      <UnreadBadge count={unreadCount} />
    </Link>
  )
}

// The Messages badge's live updates (app/features/messaging/unread-conversations.ts): a chunk of their own, like the
// bell's panel, so signed-out pages do not carry them.
const UnreadConversationsLive = lazy(() => import('~/components/unread-conversations-live'))

/**
 * Conversations with unread messages: the server's list at the last load; after hydration, the
 * live count (plus conversations a live message arrived in, less those opened since).
 */
function useUnreadConversations(user: ClientUser | null) {
  const hydrated = useHydrated()
  const [live, setLive] = useState<number | null>(null)
  const count = user ? (live ?? user.unreadConversations.length) : 0
  const listener =
    hydrated && user ? (
      <Suspense fallback={null}>
        <UnreadConversationsLive key={user.id} userId={user.id} serverIds={user.unreadConversations} onCount={setLive} />
      </Suspense>
    ) : null
  return { count, listener }
}

/** The Messages link, with the number of conversations that have unread messages. */
function MessagesLink({ unread, className }: { unread: number; className: string }) {
  return (
    <Link
      to="/messages"
      className={cx(className, 'items-center')}
      aria-label={unread > 0 ? `Messages, ${plural(unread, 'conversation')} unread` : undefined}
      data-unread-conversations={unread}
    >
      <MessagesLabel unread={unread} />
    </Link>
  )
}

function MessagesLabel({ unread }: { unread: number }) {
  return (
    <>
      Messages
      {unread > 0 ? (
        <span aria-hidden="true" className="ml-2 min-w-5 rounded-full bg-accent px-1.5 text-center text-xs leading-5 font-bold text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </>
  )
}

type NavItem = { to: string; label: string }

/** The header links of docs/product.md §2, in order. */
export function navItems(user: ClientUser | null): NavItem[] {
  return [
    { to: '/globe-enhanced-search', label: 'Search Venues' },
    { to: '/ai-tour-planner', label: 'Tour Planner' },
    { to: '/blog', label: 'Blog' },
    user ? { to: '/wishlist', label: 'Wishlist' } : { to: '/pricing', label: 'Pricing' },
    { to: user?.dashboardPath ?? '/dashboard', label: 'Dashboard' },
  ]
}

export function SiteHeader({ user, theme }: { user: ClientUser | null; theme: Theme }) {
  const items = navItems(user)
  const { count: unreadConversations, listener } = useUnreadConversations(user)
  return (
    <header className="on-green sticky top-0 z-40 bg-header text-white shadow-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Logo />
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              prefetch="intent"
              className={({ isActive }) => cx('nav-link', isActive && 'bg-header-dark')}
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          {/* The voice assistant's button lands here after hydration (components/voice/dock.ts). */}
          <div id={VOICE_DOCK_ID} className="contents" />
          <ThemeToggle theme={theme} />
          {user ? <SignedInTools user={user} unreadConversations={unreadConversations} /> : <SignedOutTools />}
          <MobileMenu items={items} user={user} unreadConversations={unreadConversations} />
          {listener}
        </div>
      </div>
    </header>
  )
}

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight" aria-label={`${PRODUCT_NAME} home`}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#00C389" />
        <path
          d="M9 21c2.5 2 11.5 2 14-1.5 2-3-1-5.5-7-5.5s-8.5-2.5-6.5-5.5C12 5 20 5.5 23 8"
          fill="none"
          stroke="#04281c"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </Link>
  )
}

function SignedInTools({ user, unreadConversations }: { user: ClientUser; unreadConversations: number }) {
  const name = displayName(user)
  // The server and the hydration render the plain link; the lazy bell takes over only after
  // hydration, so no Suspense boundary is still hydrating when the first updates arrive (React #421).
  const hydrated = useHydrated()
  const link = <BellLink unreadCount={user.unreadNotifications} />
  return (
    <>
      {hydrated ? (
        <Suspense fallback={link}>
          <NotificationBell unreadCount={user.unreadNotifications} />
        </Suspense>
      ) : (
        link
      )}
      <div className="hidden items-center gap-1 md:flex">
        <MessagesLink unread={unreadConversations} className="nav-link inline-flex" />
        <Link to="/profile" className="nav-link">
          Profile
        </Link>
        <Link to="/profile" aria-label={`${name}, your profile`}>
          <Avatar name={name} src={user.profilePicture} size="sm" />
        </Link>
        <LogoutForm className={buttonClass({ variant: 'onHeader', size: 'sm', className: 'ml-1' })} />
      </div>
    </>
  )
}

function SignedOutTools() {
  // On a planner, signing up or in comes back to the plan (docs/planner.md).
  const location = useLocation()
  return (
    <div className="hidden items-center gap-2 md:flex">
      <Link to={signInHref('/register', location)} className={buttonClass({ variant: 'primary', size: 'sm' })}>
        Sign Up
      </Link>
      <Link to={signInHref('/login', location)} className={buttonClass({ variant: 'onHeader', size: 'sm' })}>
        Login
      </Link>
    </div>
  )
}

function LogoutForm({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  )
}

/**
 * The header's menu below the md breakpoint: the links and the account's entries in an ActionMenu,
 * a <details> disclosure without JavaScript and a Radix DropdownMenu, loaded on first use, with it.
 */
function MobileMenu({ items, user, unreadConversations }: { items: NavItem[]; user: ClientUser | null; unreadConversations: number }) {
  // On a planner, signing up or in comes back to the plan (docs/planner.md).
  const location = useLocation()
  const entries: MenuEntry[] = items.map((item) => ({ label: item.label, to: item.to }))
  if (user)
    entries.push(
      { label: 'Notifications', to: '/notifications' },
      {
        label: 'Messages',
        to: '/messages',
        name: unreadConversations > 0 ? `Messages, ${plural(unreadConversations, 'conversation')} unread` : undefined,
        content: <MessagesLabel unread={unreadConversations} />,
      },
      {
        label: 'Profile',
        to: '/profile',
        content: (
          <>
            <Avatar name={displayName(user)} src={user.profilePicture} size="sm" />
            Profile
          </>
        ),
      },
      { label: 'Logout', action: '/logout' },
    )
  else entries.push({ label: 'Sign Up', to: signInHref('/register', location) }, { label: 'Login', to: signInHref('/login', location) })
  return (
    <ActionMenu
      label="Menu"
      navLabel="Mobile"
      className="group md:hidden"
      triggerClassName="group inline-flex size-10 items-center justify-center rounded-control hover:bg-white/15"
      panelClassName="header-menu"
      trigger={
        <>
          <MenuIcon className="size-6 group-open:hidden group-data-[state=open]:hidden" />
          <CloseIcon className="hidden size-6 group-open:block group-data-[state=open]:block" />
        </>
      }
      entries={entries}
    />
  )
}
