/** Named like a field a bot wants to fill. */
export const HONEYPOT_FIELD = 'website'

export function isHoneypotFilled(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value !== ''
}
