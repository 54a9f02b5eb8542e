import { afterEach, describe, expect, test } from 'vitest'
import { publicEnv } from '~/env.server'
import { contentSecurityPolicy } from '~/web/http.server'

// env() parses process.env once per process (globalThis.__stagepassEnv); each case sets the
// variables it needs and drops the cached parse, and afterEach puts everything back.
const KEYS = [
  'VAPI_PUBLIC_KEY',
  'VAPI_ASSISTANT_ID',
  'ANALYTICS_SCRIPT_URL',
  'ANALYTICS_GLOBAL',
  'APP_URL',
  'PORT',
  'MAP_STYLE_URL',
] as const
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]))

function withEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const key of KEYS) delete process.env[key]
  Object.assign(process.env, values)
  globalThis.__stagepassEnv = undefined
}

afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  globalThis.__stagepassEnv = undefined
})

/** The policy as directive → sources. */
function directives(nonce = 'abc123') {
  return new Map(
    contentSecurityPolicy(nonce)
      .split('; ')
      .map((part) => {
        const [name, ...sources] = part.split(' ')
        return [name!, sources] as const
      }),
  )
}

const VOICE_ORIGINS = ['https://c.daily.co', 'https://api.vapi.ai', 'https://*.daily.co', 'wss://*.daily.co']

describe('Content-Security-Policy', () => {
  test('no voice keys, no analytics: scripts only from self and the nonce, no third-party origins at all', () => {
    withEnv({})
    const csp = directives()
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc123'"])
    // Our own websocket only: APP_URL unset means http://localhost:$PORT.
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000'])
    expect(csp.get('frame-src')).toEqual(["'self'"])
    const policy = contentSecurityPolicy('abc123')
    for (const origin of VOICE_ORIGINS) expect(policy).not.toContain(origin)
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
  })

  test("connect-src names the public origin's websocket, never any ws: or wss: host", () => {
    withEnv({ APP_URL: 'https://stagepass.example' })
    expect(directives().get('connect-src')).toEqual(["'self'", 'wss://stagepass.example'])
    withEnv({ PORT: '4123' })
    expect(directives().get('connect-src')).toEqual(["'self'", 'ws://localhost:4123'])
    withEnv({ VAPI_PUBLIC_KEY: 'pk_test', VAPI_ASSISTANT_ID: 'asst_test' })
    const sources = directives().get('connect-src')!
    expect(sources).not.toContain('ws:')
    expect(sources).not.toContain('wss:')
  })

  test('with both Vapi keys: Daily and Vapi origins appear where the SDK needs them, still without unsafe-eval', () => {
    withEnv({ VAPI_PUBLIC_KEY: 'pk_test', VAPI_ASSISTANT_ID: 'asst_test' })
    const csp = directives()
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc123'", 'https://c.daily.co'])
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://api.vapi.ai', 'https://*.daily.co', 'wss://*.daily.co']))
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://*.daily.co'])
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
  })

  test.each([
    ['only the public key', { VAPI_PUBLIC_KEY: 'pk_test' }],
    ['only the assistant id', { VAPI_ASSISTANT_ID: 'asst_test' }],
    ['blank keys', { VAPI_PUBLIC_KEY: '  ', VAPI_ASSISTANT_ID: '' }],
  ])('voice half-configured (%s): no voice origins', (_label, values) => {
    withEnv(values)
    const policy = contentSecurityPolicy('n')
    for (const origin of VOICE_ORIGINS) expect(policy).not.toContain(origin)
    expect(publicEnv().voiceConfigured).toBe(false)
  })

  test('with ANALYTICS_SCRIPT_URL: its origin (not the full URL) is allowed for scripts and beacons', () => {
    withEnv({ ANALYTICS_SCRIPT_URL: 'https://stats.example.net/js/script.js?site=stagepass' })
    const csp = directives()
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc123'", 'https://stats.example.net'])
    expect(csp.get('connect-src')).toContain('https://stats.example.net')
    expect(csp.get('frame-src')).toEqual(["'self'"])
    expect(publicEnv().analytics).toEqual({ scriptUrl: 'https://stats.example.net/js/script.js?site=stagepass', globalName: null })
  })

  test('without ANALYTICS_SCRIPT_URL: no analytics origin and nothing for the browser to load', () => {
    withEnv({ ANALYTICS_GLOBAL: 'plausible' })
    expect(contentSecurityPolicy('n')).not.toContain('stats.example.net')
    expect(publicEnv().analytics.scriptUrl).toBeNull()
  })

  test('an analytics URL that is not https is refused at start-up rather than widening the policy', () => {
    withEnv({ ANALYTICS_SCRIPT_URL: 'http://stats.example.net/script.js' })
    expect(() => contentSecurityPolicy('n')).toThrow(/Invalid environment[\s\S]*ANALYTICS_SCRIPT_URL/)
  })

  test('each request gets its own nonce in script-src', () => {
    withEnv({})
    expect(directives('first').get('script-src')).toContain("'nonce-first'")
    expect(directives('second').get('script-src')).not.toContain("'nonce-first'")
  })

  test('maps: MapLibre may start its worker from a blob: URL, and nothing else gains a source', () => {
    withEnv({})
    const csp = directives()
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:'])
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000'])
    expect(csp.get('script-src')).not.toContain('blob:')
    expect(publicEnv().mapStyleUrl).toBeNull()
  })

  test("with MAP_STYLE_URL: the style's origin (not its path) may be fetched and drawn", () => {
    withEnv({ MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty.json?key=public' })
    const csp = directives()
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000', 'https://tiles.example.org'])
    expect(csp.get('img-src')).toContain('https://tiles.example.org')
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc123'"])
    expect(publicEnv().mapStyleUrl).toBe('https://tiles.example.org/styles/liberty.json?key=public')
    // A tile server on the same machine, over http, for a local set-up.
    withEnv({ MAP_STYLE_URL: 'http://127.0.0.1:8080/style.json' })
    expect(directives().get('connect-src')).toContain('http://127.0.0.1:8080')
  })

  test.each(['javascript:alert(1)', 'data:application/json,{}', 'ftp://tiles.example.org/style.json', 'not a url'])(
    'a MAP_STYLE_URL that is not http(s) (%s) is refused at start-up',
    (value) => {
      withEnv({ MAP_STYLE_URL: value })
      expect(() => contentSecurityPolicy('n')).toThrow(/Invalid environment[\s\S]*MAP_STYLE_URL/)
    },
  )
})
