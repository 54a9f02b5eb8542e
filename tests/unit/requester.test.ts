// app/server/requester.server.ts reads a request's host, protocol, address and path from Node's own
// request object for the stored-page answer that runs before Express; everything after it reads
// them through Express. Both must agree for every request and every trust proxy setting, or a
// stored page would go out with another HSTS header or count a view under another address than
// the same page from Express: checked here against Express's own getters, on generated requests.
import type { IncomingMessage } from 'node:http'
import express from 'express'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { requestHostOf, requestIpOf, requestPathOf, requestProtocolOf, type Trust } from '~/server/requester.server'
import { requestHost } from '~/server/request-limits.server'

const address = fc.constantFrom('127.0.0.1', '10.0.0.7', '203.0.113.9', '::1', '::ffff:10.1.2.3', '2001:db8::1')
const optional = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined })
const hosts = fc.constantFrom('stagepass.example', 'stagepass.example:8443', 'evil.example', '', ' , x', 'a.example, b.example')
const forwardedFor = fc.array(address, { maxLength: 3 }).map((list) => list.join(', '))
const protocols = fc.constantFrom('https', 'http', 'HTTPS', 'https, http', ' http ,https', '', ',')
const trustSettings = fc.constantFrom<unknown>(false, true, 'loopback', '10.0.0.0/8', 1, 2, 'uniquelocal, loopback')
const url = fc
  .tuple(
    fc.constantFrom('/', '/login', '/venues/tx/austin', '/a%20b', '//x', '/search'),
    fc.constantFrom('', '?q=1', '?', '#top', '?a=b#c', '?x=/y?z'),
  )
  .map(([path, rest]) => path + rest)

const request = fc.record({
  remoteAddress: address,
  encrypted: fc.boolean(),
  url,
  headers: fc.record(
    {
      host: optional(hosts),
      'x-forwarded-host': optional(hosts),
      'x-forwarded-proto': optional(protocols),
      'x-forwarded-for': optional(forwardedFor),
    },
    { requiredKeys: [] },
  ),
})

describe('requester.server reads a request as Express does', () => {
  test('host, protocol, address and path, for generated requests and trust proxy settings', () => {
    fc.assert(
      fc.property(trustSettings, request, (setting, { remoteAddress, encrypted, url, headers }) => {
        const app = express()
        app.set('trust proxy', setting)
        const trust = app.get('trust proxy fn') as Trust
        const defined = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined))
        const socket = { remoteAddress, encrypted }
        const raw = { url, method: 'GET', headers: defined, socket, connection: socket } as unknown as IncomingMessage
        // As express/lib/middleware/init.js makes one: the same object with Express's prototypes.
        const viaExpress = Object.setPrototypeOf({ ...raw, app, res: {} }, app.request) as express.Request
        expect(requestHostOf(raw, trust)).toBe(requestHost(viaExpress))
        expect(requestProtocolOf(raw, trust)).toBe(viaExpress.protocol)
        expect(requestIpOf(raw, trust)).toBe(viaExpress.ip)
        expect(requestPathOf(url)).toBe(viaExpress.path)
      }),
      { numRuns: 2000 },
    )
  })
})
