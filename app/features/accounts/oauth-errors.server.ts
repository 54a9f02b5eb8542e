import { GOOGLE_MESSAGES, GOOGLE_NOT_CONFIGURED } from './google.server'

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
