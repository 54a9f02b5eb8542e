import { browserFailure } from './form-failure'

/**
 * Runs a clientAction's server action: a failure that got no answer (the network is down, the
 * server threw) comes back as `browserFailure(message)` instead of the error screen; a redirect
 * (sign in first) still goes through. Its own module, so only the routes that use it load it.
 */
export async function serverActionOr<T>(serverAction: () => Promise<T>, message: string) {
  try {
    return await serverAction()
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error
    return browserFailure(message)
  }
}
