/**
 * The header's place for the voice assistant's button. The header renders this empty element on
 * the server; the widget, a client-only island loaded after hydration, puts its button there with
 * a portal. Its own module so the header does not import the widget (and its chunk).
 */
export const VOICE_DOCK_ID = 'voice-dock'
