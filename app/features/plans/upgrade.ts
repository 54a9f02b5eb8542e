// The words and the place of the way out of a plan limit, in a module of their own: every form's
// error list renders them (components/upgrade-text.tsx), so they must not pull the plans' tables
// into each page's JavaScript.

/**
 * Every refusal over a plan limit ends with this phrase; the form banners and error lists turn it
 * into a link to UPGRADE_PATH, so each page that shows the message shows the way out, and the
 * JSON API carries the same words.
 */
export const UPGRADE_PHRASE = 'See plans and upgrade'
/** The pricing page's 'Request an upgrade' form. */
export const UPGRADE_PATH = '/pricing#upgrade'
