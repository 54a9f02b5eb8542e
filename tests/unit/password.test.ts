import { scryptSync } from 'node:crypto'
import { afterEach, expect, test, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

test('outside the tests, hashes use OWASP scrypt parameters (N=2^17, r=8, p=1)', async () => {
  vi.stubEnv('VITEST', '')
  const { HASH_PARAMS } = await import('~/features/accounts/password.server')
  expect(HASH_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 })
})

test('a hash made with the production parameters verifies under the tests cheaper ones', async () => {
  const { hashPassword, verifyPassword } = await import('~/features/accounts/password.server')
  const salt = Buffer.from('0123456789abcdef')
  const key = scryptSync('correct horse', salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 })
  const stored = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')
  await expect(verifyPassword('correct horse', stored)).resolves.toBe(true)
  await expect(verifyPassword('wrong horse', stored)).resolves.toBe(false)
  const cheap = await hashPassword('correct horse')
  expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true)
  await expect(verifyPassword('correct horse', cheap)).resolves.toBe(true)
})
