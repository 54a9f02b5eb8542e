// Account-form constants the pages render. Kept apart from auth-schemas.ts so that a page
// showing them does not pull zod into its JavaScript (the forms validate on the server).

/** The phone rule: an optional plus, then at least 10 digits, spaces or hyphens (docs/product.md §5). */
export const PHONE_SHAPE = /^\+?[\d\s-]{10,}$/

/** What that rule accepts, shown under every phone field. */
export const PHONE_HINT = 'At least 10 digits; spaces, hyphens and a leading + are fine (e.g. +1 512-555-0100).'
