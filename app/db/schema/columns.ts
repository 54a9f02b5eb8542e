import { sql } from 'drizzle-orm'
import { text, timestamp } from 'drizzle-orm/pg-core'
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
