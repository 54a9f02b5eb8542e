import { sql } from 'drizzle-orm'
import { text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { createId } from '../ids'

// The columns every table writes the same way, and the list a CHECK constraint is built from.

export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => createId())

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date())

export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * The reference columns pointing at one table, written once: `ref()` or `ref('organizer_id')` is
 * NOT NULL and its rows go with the row it points at (ON DELETE CASCADE; `ref(name, 'restrict')`
 * refuses to delete a row still pointed at), `ref.orNull('decided_by')` is nullable and forgets a
 * deleted row (ON DELETE SET NULL). Other shapes (a unique or primary-key reference) stay written
 * out where they are.
 *
 * Each table's builder is made beside that table (users.ts: userRef, venues.ts: venueRef,
 * bookings.ts: bookingRef) rather than here: every module that references users already imports
 * users.ts, so no import edge is added and the schema modules stay free of cycles, whereas
 * builders here would make this module import the tables that import it. `target` is a function
 * that drizzle calls only when it resolves the foreign keys, so a table may reference itself.
 */
export function referenceTo<D extends string>(target: () => AnyPgColumn, defaultName: D) {
  // The column's name stays a literal type, as with `text('user_id')`.
  const required = <N extends string = D>(name: N = defaultName as string as N, onDelete: 'cascade' | 'restrict' = 'cascade') =>
    text(name).notNull().references(target, { onDelete })
  const orNull = <N extends string = D>(name: N = defaultName as string as N) => text(name).references(target, { onDelete: 'set null' })
  return Object.assign(required, { orNull })
}
