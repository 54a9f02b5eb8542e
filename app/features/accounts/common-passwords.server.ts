import { readFileSync } from 'node:fs'
import path from 'node:path'
import { DomainError } from '~/core/errors'

/**
 * The 10,000 most common passwords (SecLists' "10-million-password-list-top-10000", MIT, shipped
 * in app/data with its licence). Read once, on first use, from the working directory the server
 * runs in (the repository root, for `npm start`, the tests and the scripts).
 */
export const COMMON_PASSWORDS_FILE = path.resolve('app/data/common-passwords.txt')
export const COMMON_PASSWORD_MESSAGE = 'This password is too common and easy to guess. Please choose a less common one.'

let list: Set<string> | undefined

function commonPasswords() {
  list ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  )
  return list
}

/** Whether the password is on the list (case-insensitive: "Password1" is as guessable as "password1"). */
export function isCommonPassword(password: string) {
  return commonPasswords().has(password.trim().toLowerCase())
}

/** Refuses a common password at sign-up and at every password change (the 6-character minimum is the schema's). */
export function assertNotCommonPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw new DomainError(COMMON_PASSWORD_MESSAGE, { status: 422, code: 'COMMON_PASSWORD', field })
}
