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
 * Reference columns written once: `ref()` is NOT NULL with ON DELETE CASCADE (or 'restrict'),
 * `ref.orNull()` nullable with SET NULL. Each table's builder lives beside its table so the schema
 * modules import no cycle; `target` is lazy, so a table may reference itself.
 */
export function referenceTo<D extends string>(target: () => AnyPgColumn, defaultName: D) {
  // The column's name stays a literal type, as with `text('user_id')`.
  const required = <N extends string = D>(name: N = defaultName as string as N, onDelete: 'cascade' | 'restrict' = 'cascade') =>
    text(name).notNull().references(target, { onDelete })
  const orNull = <N extends string = D>(name: N = defaultName as string as N) => text(name).references(target, { onDelete: 'set null' })
  return Object.assign(required, { orNull })
}
