import { useLinkClickHandler, useLocation, useSubmit } from '@remix-run/react'
import {
  Component,
  createContext,
  createElement,
  lazy,
  Suspense,
  useContext,
  useState,
  type ComponentType,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react'
import { useHydrated } from '~/hooks/use-hydrated'

// A part of a page the server draws and the first load does not carry (docs/benchmarks.md, 'Page
// weight'), on documented React and Remix APIs only (docs/architecture.md, 'Server islands'): its
// code is import()ed only to draw something new. Only for markup without event handlers of its
// own: fields, links and GET forms, which still navigate without a reload meanwhile.

const ServerIslands = createContext<Readonly<Record<string, ComponentType<never>>> | null>(null)

/** entry.server.tsx provides the components (islands.server.ts), so the browser's bundle has none. */
export const ServerIslandsProvider = ServerIslands.Provider

/** A failed import() of the island's code: a message and a link that loads the page from the server. */
class Fallible extends Component<{ href: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    if (!this.state.failed) return this.props.children
    return (
      <p role="alert" className="text-sm">
        This part of the page could not be loaded.{' '}
        <a href={this.props.href} className="link">
          Load the page again
        </a>
      </p>
    )
  }
}

/** The same-origin link an event happened in, as a path, with its target. */
function linkOf(event: SyntheticEvent) {
  const link = event.target instanceof Element ? event.target.closest('a') : null
  if (!link || link.origin !== window.location.origin) return null
  return { to: link.pathname + link.search + link.hash, target: link.target }
}

export function serverIsland<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  options: { preventScrollReset?: boolean } = {},
) {
  const Lazy = lazy(load) as unknown as ComponentType<P>
  // A failed fetch ahead is no error of its own: the render that needs the code shows it.
  const preload = () => void load().catch(() => {})
  return function ServerIsland({ version, className, props }: { version: string; className?: string; props: P }) {
    const Server = useContext(ServerIslands)?.[name] as ComponentType<P> | undefined
    const hydrated = useHydrated()
    // The version the server drew, while hydrating; none for a part mounted after hydration.
    const [drawn] = useState(() => (hydrated ? null : version))
    // The server's links are no <Link>s: the link under the pointer or the focus is aimed at
    // before its click, and Remix's useLinkClickHandler decides, as for a <Link>, whether the
    // click is the router's (a plain click) or the browser's (a modifier key, another target).
    const [aimed, setAimed] = useState<{ to: string; target: string } | null>(null)
    const follow = useLinkClickHandler<HTMLDivElement>(aimed?.to ?? '.', {
      target: aimed?.target,
      preventScrollReset: options.preventScrollReset,
    })
    const submit = useSubmit()
    const location = useLocation()
    const aim = (event: SyntheticEvent) => {
      preload()
      const link = linkOf(event)
      if (link && (link.to !== aimed?.to || link.target !== aimed.target)) setAimed(link)
    }
    const onClick = (event: MouseEvent<HTMLDivElement>) => {
      // A link not aimed at yet (a click with no pointer or focus before it) is the browser's.
      if (!event.defaultPrevented && aimed && linkOf(event)?.to === aimed.to) follow(event)
    }
    // What <Form> would do for the server's GET forms.
    const onSubmit = (event: FormEvent<HTMLDivElement>) => {
      const form = event.target
      if (!(form instanceof HTMLFormElement) || event.defaultPrevented || form.method !== 'get') return
      event.preventDefault()
      const submitter = (event.nativeEvent as SubmitEvent).submitter
      submit(submitter instanceof HTMLButtonElement ? submitter : form, { method: 'get', action: form.getAttribute('action') ?? undefined })
    }
    // Without its #fragment: a link to the same URL with one would only scroll, not load.
    const here = location.pathname + location.search
    if (Server) return <div className={className}>{createElement(Server, props)}</div>
    if (drawn !== version)
      return (
        <div className={className}>
          <Fallible href={here}>
            <Suspense
              fallback={
                <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
                  Loading…
                </p>
              }
            >
              {createElement(Lazy, props)}
            </Suspense>
          </Fallible>
        </div>
      )
    // React keeps an element's server HTML when its own is empty and the mismatch is suppressed,
    // and writes it again only when `__html` changes (docs/architecture.md, 'Server islands').
    return (
      <div
        className={className}
        onPointerOver={aim}
        onPointerDown={aim}
        onFocus={aim}
        onClick={onClick}
        onSubmit={onSubmit}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: '' }}
      />
    )
  }
}
