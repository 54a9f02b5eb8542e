import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { NonceProvider } from '~/web/nonce'
import { NO_SCRIPTS } from '~/web/route-handle'
import { Layout } from '~/root'

// The optional third-party analytics script (ANALYTICS_SCRIPT_URL) in the document the server
// renders: present with the request's CSP nonce when configured, absent otherwise. The CSP side
// is tests/unit/csp.test.ts. The root Layout is rendered with the router and the shell's widgets
// stubbed out: what is under test is the document's tail.
const state = vi.hoisted(() => ({ root: undefined as unknown, matches: [] as Array<{ handle?: unknown }> }))

vi.mock('@remix-run/react', async (actual) => ({
  ...(await actual<typeof import('@remix-run/react')>()),
  useRouteLoaderData: () => state.root,
  useMatches: () => state.matches,
  Links: () => null,
  Meta: () => null,
  Scripts: ({ nonce }: { nonce?: string }) => <script nonce={nonce} data-remix-scripts="" />,
  ScrollRestoration: () => null,
}))
vi.mock('~/components/site-header', () => ({ SiteHeader: () => null }))
vi.mock('~/components/site-footer', () => ({ SiteFooter: () => null }))
vi.mock('~/components/toaster', () => ({ Toaster: () => null }))
vi.mock('~/components/progress-bar', () => ({ ProgressBar: () => null }))
vi.mock('~/components/voice/voice-widget', () => ({ VoiceWidget: () => null }))
vi.mock('~/components/theme-toggle', () => ({ useOptimisticTheme: (theme: string) => theme }))

const SCRIPT_URL = 'https://stats.example.net/js/script.js'

function rootData(scriptUrl: string | null) {
  return {
    user: null,
    authFailed: false,
    theme: 'light',
    toast: null,
    origin: 'http://localhost',
    year: 2026,
    env: { analytics: { scriptUrl, globalName: null }, voiceConfigured: false, vapi: null, googleConfigured: false },
  }
}

const render = (children: ReactNode = <p>page</p>) =>
  renderToStaticMarkup(
    <NonceProvider value="n0nce-42">
      <Layout>{children}</Layout>
    </NonceProvider>,
  )

afterEach(() => {
  state.root = undefined
  state.matches = []
})

describe('the third-party analytics script', () => {
  test('configured: one async script tag with its URL and the per-request nonce, after the app scripts', () => {
    state.root = rootData(SCRIPT_URL)
    const html = render()
    expect(html.match(/<script[^>]*stats\.example\.net[^>]*>/g)).toEqual([`<script async="" src="${SCRIPT_URL}" nonce="n0nce-42">`])
    expect(html.indexOf('data-remix-scripts')).toBeLessThan(html.indexOf(SCRIPT_URL))
  })

  test('not configured: no third-party script at all', () => {
    state.root = rootData(null)
    const html = render()
    expect(html).toContain('data-remix-scripts') // the page's own scripts are there
    expect(html).not.toContain('stats.example.net')
    expect(html).not.toMatch(/<script[^>]*src="https:/)
  })

  test('a page that ships no JavaScript loads no analytics script either', () => {
    state.root = rootData(SCRIPT_URL)
    state.matches = [{ handle: NO_SCRIPTS }]
    const html = render()
    expect(html).not.toContain('data-remix-scripts')
    expect(html).not.toContain(SCRIPT_URL)
  })
})
