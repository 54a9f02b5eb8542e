import { sql } from 'drizzle-orm'
import { date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { id, createdAt, updatedAt } from './columns'
import { userRef } from './users'

// ---------------------------------------------------------------------------------------------
// Saved tour plans (issue 7). `criteria` is the planner's TourCriteria and `plan` the engine's
// TourPlan, both as JSON; the scalar columns are copies for lists, dashboards and the owners'
// "saved tours want your dates" signal, kept in step by the tours service.

export const tourPlans = pgTable(
  'tour_plans',
  {
    id: id(),
    userId: userRef(),
    name: text('name').notNull(),
    criteria: jsonb('criteria').notNull(),
    plan: jsonb('plan').notNull(),
    /** Whole US dollars; null when the plan has no budget. */
    budget: integer('budget'),
    totalCost: integer('total_cost').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Cities of the plan's stops in tour order, e.g. ['Austin, TX', 'Denver, CO']. */
    cities: text('cities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Venue ids of the plan's stops, for owners' interest signals. */
    venueIds: text('venue_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tour_plans_user_updated_idx').on(t.userId, t.updatedAt), index('tour_plans_venue_ids_idx').using('gin', t.venueIds)],
)

export type TourPlanRow = typeof tourPlans.$inferSelect
