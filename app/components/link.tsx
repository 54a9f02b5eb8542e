// Link, NavLink and Form for the whole app (ESLint refuses Remix's own anywhere else). The browser
// gets Remix's components as they are. On the server, a link or form to a path of this site ("/…",
// nearly every one here) is written straight as the <a> or <form> Remix's would write, without the
// router work Remix's components do per element for the browser's sake: the path resolved against
// the route matches (with a JSON memo key of their paths), the click, submit and prefetch handlers.
// The signed-in header and footer's 24 links and forms were about a tenth of a signed-in venue
// page's CPU (docs/decisions/034-server-links-and-per-build-work.md). Anything else (a relative
// path, a path object, a URL, a basename, no router) is handed to Remix's component. tests/unit/link.test.tsx renders
// both over generated props and locations and requires the same markup.
import {
  Form as RemixForm,
  Link as RemixLink,
  NavLink as RemixNavLink,
  createPath,
  resolvePath,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
} from '@remix-run/react'
import { forwardRef, useContext, type ForwardedRef, type ReactNode } from 'react'
import { UNSAFE_LocationContext, UNSAFE_NavigationContext } from 'react-router-dom'

/** A path of this site: what React Router resolves without the route matches. */
function sitePath(to: unknown): to is string {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//')
}

/**
 * The href React Router writes for a site path: dot segments resolved, double slashes merged, no
 * bare ? or #. A path with none of those is its own href, without the work.
 */
const hrefOf = (to: string) => (/[?#]|\/\/|\/\.\.?(\/|$)/.test(to) ? createPath(resolvePath(to)) : to)

/** Whether the router is the plain one this shortcut knows (no basename); false outside a router. */
function useServerShortcut(target: unknown) {
  const navigation = useContext(UNSAFE_NavigationContext)
  return sitePath(target) && navigation?.basename === '/'
}

type Props = Record<string, unknown>

/** A copy of `props` without `names` (a Set: the components run for every link of every page). */
function without(props: object, names: ReadonlySet<string>): Props {
  const rest: Props = {}
  // Props are plain objects: for…in sees their own keys, in order, without an array of entries.
  for (const name in props) if (!names.has(name)) rest[name] = (props as Props)[name]
  return rest
}

// What each layer of Remix's and React Router's components takes from its props and does not pass
// on. What is left keeps its order, which is the order of the attributes in the markup (the test
// compares that too).
const LINK_OWN = new Set([
  'onClick',
  'relative',
  'reloadDocument',
  'replace',
  'state',
  'target',
  'to',
  'preventScrollReset',
  'viewTransition',
])
const NAV_LINK_OWN = new Set(['aria-current', 'caseSensitive', 'className', 'end', 'style', 'to', 'viewTransition', 'children'])
const FORM_OWN = new Set([
  'fetcherKey',
  'navigate',
  'reloadDocument',
  'replace',
  'state',
  'method',
  'action',
  'onSubmit',
  'relative',
  'preventScrollReset',
  'viewTransition',
])
const REMIX_OWN = new Set(['prefetch', 'discover'])

/** Remix's layer: the attribute of lazy route discovery (a site path is never an absolute URL). */
function withDiscover(props: { discover?: unknown; reloadDocument?: unknown }): Props {
  const discover = props.discover ?? 'render'
  return {
    ...without(props, REMIX_OWN),
    'data-discover': discover === 'render' && !props.reloadDocument ? 'true' : undefined,
  }
}

/** React Router's <Link> to a site path, as the attributes of its <a>. */
function anchor(props: Props): Props {
  return { ...without(props, LINK_OWN), href: hrefOf(props.to as string), target: props.target }
}

function ServerLink(props: LinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  if (!useServerShortcut(props.to)) return <RemixLink ref={ref} {...props} />
  return <a {...anchor(withDiscover(props))} />
}

function ServerNavLink(props: NavLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const shortcut = useServerShortcut(props.to)
  const location = useContext(UNSAFE_LocationContext)?.location
  if (!shortcut || !location) return <RemixNavLink ref={ref} {...props} />
  // React Router compares the encoded path (the encodeLocation of the static and browser routers),
  // which is the path itself when it has nothing to encode.
  const href = hrefOf(props.to as string)
  let to = /^[\w\-./~]*$/.test(href) ? href : new URL(href.replace(/ $/, '%20'), 'http://localhost').pathname
  let here = location.pathname
  if (!props.caseSensitive) {
    to = to.toLowerCase()
    here = here.toLowerCase()
  }
  const slashAt = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length
  const isActive = here === to || (!props.end && here.startsWith(to) && here.charAt(slashAt) === '/')
  // Nothing is pending or transitioning on the server.
  const state = { isActive, isPending: false, isTransitioning: false }
  const { className = '', style, children } = props
  const attributes = anchor({
    ...without(withDiscover(props), NAV_LINK_OWN),
    'aria-current': isActive ? (props['aria-current'] ?? 'page') : undefined,
    className: typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' '),
    style: typeof style === 'function' ? style(state) : style,
    to: props.to,
  })
  return <a {...attributes}>{typeof children === 'function' ? children(state) : (children as ReactNode)}</a>
}

function ServerForm(props: FormProps, ref: ForwardedRef<HTMLFormElement>) {
  if (!useServerShortcut(props.action)) return <RemixForm ref={ref} {...props} />
  const method = (props.method ?? 'get').toLowerCase() === 'get' ? 'get' : 'post'
  return <form method={method} action={hrefOf(props.action as string)} {...without(withDiscover(props), FORM_OWN)} />
}

// The server's components are made only in the server build: the browser bundle has none of them.
export const Link = import.meta.env.SSR ? forwardRef(ServerLink) : RemixLink
export const NavLink = import.meta.env.SSR ? forwardRef(ServerNavLink) : RemixNavLink
export const Form = import.meta.env.SSR ? forwardRef(ServerForm) : RemixForm
