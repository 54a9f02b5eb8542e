import { GOOGLE_MESSAGES, GOOGLE_NOT_CONFIGURED } from './google.server'
import { DomainError } from '~/core/errors'

/** The codes the Google redirect flow puts in `?error=`, and section 8's text for each. */
export const OAUTH_ERRORS = {
  'google-unconfigured': GOOGLE_NOT_CONFIGURED,
  'google-cancelled': GOOGLE_MESSAGES.closed,
  'google-network': GOOGLE_MESSAGES.network,
  'google-failed': GOOGLE_MESSAGES.signInFailed,
  'google-signup-failed': GOOGLE_MESSAGES.signUpFailed,
} as const

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS

export function oauthErrorMessage(code: string | null) {
  return code && code in OAUTH_ERRORS ? OAUTH_ERRORS[code as OAuthErrorCode] : null
}

/** How a Google round trip ended: where to go next, or the message and code to show. */
export type OAuthOutcome = { ok: true; redirectTo: string } | { ok: false; message: string; code: OAuthErrorCode }

/**
 * Runs the end of a Google round trip (which returns where to go next). The popup always closes
 * with a message, so a network failure or a refusal is an outcome, never a 500.
 */
export async function oauthOutcome(work: () => Promise<string>, failed: string, failedCode: OAuthErrorCode): Promise<OAuthOutcome> {
  try {
    return { ok: true, redirectTo: await work() }
  } catch (error) {
    if (error instanceof Response) throw error
    if (isNetworkError(error)) return { ok: false, message: GOOGLE_MESSAGES.network, code: 'google-network' }
    if (error instanceof DomainError) return { ok: false, message: error.message, code: failedCode }
    console.error('[auth] Google sign-in failed:', error)
    return { ok: false, message: failed, code: failedCode }
  }
}

/**
 * Google could not be reached: fetch rejects with a TypeError that carries the network failure as
 * its cause (a TypeError from our own code has none), here or in a wrapping error's causes.
 */
function isNetworkError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 8) return false
  if (error instanceof TypeError && error.cause !== undefined) return true
  return isNetworkError(error.cause, depth + 1)
}
