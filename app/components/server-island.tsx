import { useNavigate, useSubmit } from '@remix-run/react'
import {
  createContext,
  createElement,
  lazy,
  Suspense,
  useContext,
  useState,
  type ComponentType,
  type FormEvent,
  type MouseEvent,
} from 'react'
import { useHydrated } from '~/hooks/use-hydrated'

// A part of a page the server draws and the first load does not carry (docs/benchmarks.md, 'Page
// weight'): hydration keeps the server's markup, and its code is import()ed only to draw something
// new (a new `version` of its props, or a mount after a client-side navigation). Only for markup
// without event handlers of its own: fields, links and GET forms.

const ServerIslands = createContext<Readonly<Record<string, ComponentType<never>>> | null>(null)

/** entry.server.tsx provides the components (islands.server.ts), so the browser's bundle has none. */
export const ServerIslandsProvider = ServerIslands.Provider

export function serverIsland<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  options: { preventScrollReset?: boolean } = {},
) {
  const Lazy = lazy(load) as unknown as ComponentType<P>
  const preload = () => void load()
  return function ServerIsland({ version, className, props }: { version: string; className?: string; props: P }) {
    const Server = useContext(ServerIslands)?.[name] as ComponentType<P> | undefined
    const hydrated = useHydrated()
    // The version the server drew, while hydrating; none for a part mounted after hydration.
    const [drawn] = useState(() => (hydrated ? null : version))
    const navigate = useNavigate()
    const submit = useSubmit()
    if (Server) return <div className={className}>{createElement(Server, props)}</div>
    if (drawn !== version)
      return (
        <div className={className}>
          <Suspense fallback={null}>{createElement(Lazy, props)}</Suspense>
        </div>
      )
    // What <Link> and <Form> would do for the server's links and forms: a plain click or GET submit.
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null
      const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
      if (!link || event.defaultPrevented || !plain || link.target || link.origin !== window.location.origin) return
      event.preventDefault()
      navigate(link.pathname + link.search + link.hash, { preventScrollReset: options.preventScrollReset })
    }
    const onSubmit = (event: FormEvent<HTMLDivElement>) => {
      const form = event.target
      if (!(form instanceof HTMLFormElement) || event.defaultPrevented || form.method !== 'get') return
      event.preventDefault()
      const submitter = (event.nativeEvent as SubmitEvent).submitter
      submit(submitter instanceof HTMLButtonElement ? submitter : form, { method: 'get', action: form.getAttribute('action') ?? undefined })
    }
    return (
      <div
        className={className}
        onPointerDown={preload}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={onClick}
        onSubmit={onSubmit}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: '' }}
      />
    )
  }
}
