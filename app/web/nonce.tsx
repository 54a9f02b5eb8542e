import { createContext, useContext, type ReactNode } from 'react'

// The per-request CSP nonce, handed from entry.server to the document's <Scripts>. In the browser
// the value is empty: browsers hide nonce attributes from scripts, and hydration ignores it.
const NonceContext = createContext('')

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>
}

export function useNonce() {
  return useContext(NonceContext)
}
