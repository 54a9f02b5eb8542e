// The Drizzle schema, one module per domain. Drizzle and drizzle-kit need every table in one
// schema object, and the code imports tables from '~/db/schema' whichever domain they belong to,
// so this module re-exports them all.
export * from './users'
export * from './venues'
export * from './venue-activity'
export * from './bookings'
export * from './calendar'
export * from './messaging'
export * from './analytics'
export * from './tours'
export * from './content'
export * from './system'
