import { createContext, useContext } from 'react'

// Markup that only the first HTML of a page needs, never the browser's copy of the data: the
// venue page's schema.org JSON-LD, read by crawlers from the document. A loader hands it over with
// serverOnlyMarkup (app/web/page-serving.server.ts); entry.server.tsx provides it here. The
// browser has none: hydration keeps what the server wrote (React does not rewrite the inner HTML of
// an element it hydrates), and a page reached by a client-side navigation simply has none. The
// map's state outlines work the same way (components/geo/geo-context.ts). It keeps the JSON-LD out
// of the venue page's hydration data.
const ServerOnlyContext = createContext<Readonly<Record<string, string>> | null>(null)

export const ServerOnlyMarkupProvider = ServerOnlyContext.Provider

/** A JSON-LD <script> whose text the server alone fills in; `id` starts an empty one for another page. */
export function ServerJsonLd({ name, id }: { name: string; id: string }) {
  const markup = useContext(ServerOnlyContext)?.[name]
  return <script key={id} type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: markup ?? '' }} />
}
