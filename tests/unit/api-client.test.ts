import { afterAll, afterEach, describe, expect, test, vi } from 'vitest'
import { ApiError, apiFetch, isSilentRead, isSuccess, messageForStatus } from '~/web/api-client'
import { onNotify } from '~/features/notifications/notify'
import type { ToastInput } from '~/core/toast'

describe('messageForStatus', () => {
  test.each([
    [404, 'Resource not found'],
    [401, 'Please login to access this resource'],
    [403, 'You do not have permission to access this resource'],
    [500, 'Server error. Please try again later'],
  ])('%i → %s', (status, text) => {
    expect(messageForStatus(status, 'ignored')).toBe(text)
  })

  test('other statuses use the server message, else the default', () => {
    expect(messageForStatus(409, 'Date already booked')).toBe('Date already booked')
    expect(messageForStatus(422)).toBe('An error occurred')
  })
})

describe('isSilentRead', () => {
  test('venue list, search and detail reads are silent', () => {
    expect(isSilentRead('GET', '/api/v1/venues/search?city=Austin')).toBe(true)
    expect(isSilentRead('GET', '/api/v1/venues/all-raw')).toBe(true)
    expect(isSilentRead('GET', '/api/v1/venues/0123456789abcdef01234567')).toBe(true)
  })
  test('writes and other reads are not', () => {
    expect(isSilentRead('POST', '/api/v1/venues')).toBe(false)
    expect(isSilentRead('GET', '/api/v1/notifications')).toBe(false)
    expect(isSilentRead('GET', '/api/v1/venues/abc/availability')).toBe(false)
  })
})

test('304 counts as success', () => {
  expect(isSuccess(304)).toBe(true)
  expect(isSuccess(299)).toBe(true)
  expect(isSuccess(300)).toBe(false)
})

describe('apiFetch', () => {
  const toasts: ToastInput[] = []
  const stop = onNotify((t) => toasts.push(t))
  afterAll(() => stop())
  afterEach(() => {
    toasts.length = 0
    vi.unstubAllGlobals()
  })

  function respond(status: number, body: unknown) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    )
  }

  test('unwraps the data envelope', async () => {
    respond(200, { data: { venues: [] } })
    await expect(apiFetch('/venues/search')).resolves.toEqual({ venues: [] })
    expect(toasts).toEqual([])
  })

  test('a failed write toasts the status text and throws with the server message', async () => {
    respond(403, { error: { message: 'Upgrade to message more owners', code: 'ACCESS_DENIED' } })
    const error = await apiFetch('/conversations', { method: 'POST', body: '{}' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 403, code: 'ACCESS_DENIED', message: 'Upgrade to message more owners' })
    expect(toasts).toEqual([{ type: 'error', description: 'You do not have permission to access this resource' }])
  })

  test('a failed venue search read stays silent', async () => {
    respond(500, { error: { message: 'boom' } })
    await expect(apiFetch('/venues/search')).rejects.toBeInstanceOf(ApiError)
    expect(toasts).toEqual([])
  })

  test('a network failure toasts the default text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    )
    await expect(apiFetch('/notifications')).rejects.toMatchObject({ status: 0 })
    expect(toasts).toEqual([{ type: 'error', description: 'An error occurred' }])
  })
})
