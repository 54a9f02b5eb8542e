import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { PASSWORD_TOO_LONG } from '~/features/accounts/auth-schemas'
import { TEXT_LIMITS } from '~/core/fields'
import { DomainError } from '~/core/errors'

// scrypt at OWASP's minimum for N=2^17: memory-hard and slow on purpose. Run async so
// the event loop keeps serving while a hash is computed. Under Vitest only (never by
// configuration), N=2^10 keeps the hundreds of hashes the tests make from dominating CI time; the
// parameters are stored with each hash, so the same code verifies both.
export const HASH_PARAMS = process.env.VITEST ? { N: 2 ** 10, r: 8, p: 1 } : { N: 2 ** 17, r: 8, p: 1 }
const PARAMS = HASH_PARAMS
const KEY_LENGTH = 32

function scrypt(password: string, salt: Buffer, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/**
 * The forms and the API cap a password's length in their schemas (app/features/accounts/auth-schemas.ts); this
 * holds for every other caller: scrypt never reads an unbounded string.
 */
function assertPasswordLength(password: string) {
  if (password.length > TEXT_LIMITS.password)
    throw new DomainError(PASSWORD_TOO_LONG, { status: 400, code: 'VALIDATION_ERROR', field: 'password' })
}

/** `scrypt$N$r$p$salt$hash`, base64 parts; the parameters travel with the hash so they can grow. */
export async function hashPassword(password: string) {
  assertPasswordLength(password)
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string | null | undefined) {
  const parts = stored?.split('$')
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false
  assertPasswordLength(password)
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string]
  const expected = Buffer.from(hash, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
