import fc from 'fast-check'
import { afterEach, describe, expect, test } from 'vitest'
import { env, publicOrigin } from '~/env.server'
import { isAllowedHost, isForeignOrigin, isLoopbackHostname } from '~/web/hosts.server'

const original = env()
afterEach(() => {
  globalThis.__stagepassEnv = original
})

function configure(values: { APP_URL?: string; ALLOWED_HOSTS?: string; PORT?: number }) {
  globalThis.__stagepassEnv = { ...original, APP_URL: undefined, ALLOWED_HOSTS: '', ...values }
}

describe('the public origin', () => {
  test('APP_URL when set (a trailing slash dropped), else http://localhost:$PORT', () => {
    configure({ PORT: 3322 })
    expect(publicOrigin()).toBe('http://localhost:3322')
    configure({ APP_URL: 'https://stagepass.example/' })
    expect(publicOrigin()).toBe('https://stagepass.example')
  })

  test('an APP_URL with a path, or not http(s), is refused at start with a readable message', async () => {
    const { env: parse } = await import('~/env.server')
    for (const value of ['https://stagepass.example/app', 'ftp://stagepass.example', 'stagepass.example']) {
      process.env.APP_URL = value
      globalThis.__stagepassEnv = undefined
      try {
        expect(() => parse(), value).toThrow(/APP_URL/)
      } finally {
        delete process.env.APP_URL
      }
    }
  })
})

describe('allowed hosts', () => {
  test('loopback names and addresses on any port, always', () => {
    configure({ APP_URL: 'https://stagepass.example' })
    for (const host of [
      'localhost',
      'LOCALHOST:3000',
      'app.localhost:1',
      '127.0.0.1',
      '127.0.0.1:3322',
      '127.255.1.2:80',
      '[::1]',
      '[::1]:3000',
    ])
      expect(isAllowedHost(host), host).toBe(true)
    for (const name of ['localhost', '127.0.0.1', '127.9.9.9', '[::1]']) expect(isLoopbackHostname(name)).toBe(true)
    for (const name of ['localhost.evil.example', '127.0.0.1.evil.example', '128.0.0.1', '0.0.0.0', '[::2]'])
      expect(isLoopbackHostname(name), name).toBe(false)
  })

  test("APP_URL's host (its port, or none named), ALLOWED_HOSTS entries and .subdomain rules; nothing else", () => {
    configure({ APP_URL: 'http://stagepass.example:8080', ALLOWED_HOSTS: ' www.stagepass.example , .tours.example, 10.0.0.5:3000' })
    for (const host of [
      'stagepass.example:8080',
      'stagepass.example',
      'www.stagepass.example',
      'www.stagepass.example:8443',
      'tours.example',
      'a.b.tours.example',
      '10.0.0.5:3000',
    ])
      expect(isAllowedHost(host), host).toBe(true)
    for (const host of [
      'stagepass.example:9090',
      'evil.example',
      'stagepass.example.evil.example',
      'eviltours.example',
      '10.0.0.5:3001',
      '',
      'a b',
      'stagepass.example/x',
      undefined,
    ])
      expect(isAllowedHost(host), String(host)).toBe(false)
  })

  test('property: a random host name is refused unless it is loopback or configured', () => {
    configure({ APP_URL: 'https://stagepass.example', ALLOWED_HOSTS: 'www.stagepass.example' })
    fc.assert(
      fc.property(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 })), (domain, port) => {
        const host = port === null ? domain : `${domain}:${port}`
        const expected = ['stagepass.example', 'www.stagepass.example'].includes(domain) || isLoopbackHostname(domain)
        expect(isAllowedHost(host)).toBe(expected && (port === null || isLoopbackHostname(domain) || port === 443))
      }),
    )
  })
})

describe('CSRF origins', () => {
  test('ours are the configured origins; a loopback origin only when it is the one the request came to', () => {
    configure({ APP_URL: 'https://stagepass.example', ALLOWED_HOSTS: 'www.stagepass.example' })
    expect(isForeignOrigin('https://stagepass.example', 'http://10.0.0.5:3000')).toBe(false)
    expect(isForeignOrigin('https://www.stagepass.example', 'http://10.0.0.5:3000')).toBe(false)
    expect(isForeignOrigin('http://127.0.0.1:3322', 'http://127.0.0.1:3322')).toBe(false)
    // The Host header no longer decides: a forged Host equal to a forged Origin is still foreign.
    expect(isForeignOrigin('https://evil.example', 'https://evil.example')).toBe(true)
    expect(isForeignOrigin('http://localhost:5173', 'http://localhost:3000')).toBe(true)
    expect(isForeignOrigin('https://stagepass.example:8443', 'https://stagepass.example')).toBe(true)
    for (const odd of ['null', 'file://', 'https://stagepass.example/', 'chrome-extension://abc', 'https://stagepass.example.evil.example'])
      expect(isForeignOrigin(odd, 'https://stagepass.example'), odd).toBe(true)
    expect(isForeignOrigin(undefined, 'https://stagepass.example')).toBe(false)
  })
})
