import { createContext, useContext } from 'react'

// Markup only a page's first HTML needs (the venue page's JSON-LD), kept out of its hydration data:
// a loader hands it over with serverOnlyMarkup and hydration keeps what the server wrote.
const ServerOnlyContext = createContext<Readonly<Record<string, string>> | null>(null)

export const ServerOnlyMarkupProvider = ServerOnlyContext.Provider

/** A JSON-LD <script> whose text the server alone fills in; `id` starts an empty one for another page. */
export function ServerJsonLd({ name, id }: { name: string; id: string }) {
  const markup = useContext(ServerOnlyContext)?.[name]
  return <script key={id} type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: markup ?? '' }} />
}
