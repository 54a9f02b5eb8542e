import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { text } from '~/core/fields'
import { db, sqlState } from '~/db/client.server'
import { isId } from '~/core/domain'
import { planRequests, users } from '~/db/schema'
import { ORGANIZER_PLANS, VENUE_PLANS, audienceFor, planFor, type Plan } from '~/features/plans/plans'
import { requireAdmin, type SignedInActor } from '../accounts/policy.server'
import { DomainError } from '~/core/errors'
import { notify } from '../notifications/notifications.server'

// Moving to a paid plan without billing: a signed-in user asks (the form on /pricing), an admin
// grants it on /admin/users, which sets users.plan; the services read the new limits at once.
// One open request per user (a partial unique index).

/** The paid plans a user of this role can ask for. */
export function paidPlansFor(role: string): readonly Plan[] {
  return (audienceFor(role) === 'venue_owner' ? VENUE_PLANS : ORGANIZER_PLANS).filter((plan) => plan.priceUsd > 0)
}

export const upgradeRequestSchema = z.object({
  plan: text({ max: 20, min: 1, required: 'Choose a plan', tooLong: 'Choose a plan' }),
  note: text({ max: 500, multiline: true, tooLong: 'Please keep the note under 500 characters' }).optional().default(''),
})

/** What /pricing shows a signed-in user: their plan, the plans they can ask for, and a waiting request. */
export async function planState(actor: SignedInActor) {
  const [user] = await db.select({ plan: users.plan, role: users.role }).from(users).where(eq(users.id, actor.id)).limit(1)
  const [open] = await db
    .select({ plan: planRequests.plan, createdAt: planRequests.createdAt })
    .from(planRequests)
    .where(and(eq(planRequests.userId, actor.id), eq(planRequests.status, 'open')))
    .limit(1)
  const role = user?.role ?? actor.role
  const current = planFor(role, user?.plan)
  return {
    current: { id: current.id, name: current.name },
    choices: paidPlansFor(role)
      .filter((plan) => plan.id !== current.id)
      .map((plan) => ({ id: plan.id, name: plan.name, price: plan.priceUsd, per: plan.per })),
    open: open ? { plan: planFor(role, open.plan).name, createdAt: open.createdAt.toISOString() } : null,
  }
}

export async function requestUpgrade(actor: SignedInActor, input: unknown) {
  const { plan, note } = upgradeRequestSchema.parse(input)
  const state = await planState(actor)
  const wanted = paidPlansFor(actor.role).find((choice) => choice.id === plan.toLowerCase())
  if (!wanted) throw new DomainError('Choose one of the paid plans for your account.', { field: 'plan', code: 'VALIDATION_ERROR' })
  if (wanted.id === state.current.id) throw new DomainError(`You are on ${wanted.name} already.`, { status: 409, code: 'SAME_PLAN' })
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(planRequests).values({ userId: actor.id, plan: wanted.id, note }).returning()
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))
      for (const admin of admins) {
        await notify(
          admin.id,
          { title: 'Upgrade requested', message: `A user asks for ${wanted.name}.`, link: '/admin/users#upgrades' },
          tx,
        )
      }
      return row!
    })
  } catch (error) {
    if (sqlState(error) === '23505')
      throw new DomainError('Your earlier upgrade request is still waiting for an admin.', { status: 409, code: 'REQUEST_OPEN' })
    throw error
  }
}

/** Admins: the open requests, oldest first, with who asks. */
export async function adminListPlanRequests(actor: SignedInActor | null) {
  requireAdmin(actor)
  const rows = await db
    .select({
      id: planRequests.id,
      plan: planRequests.plan,
      note: planRequests.note,
      createdAt: planRequests.createdAt,
      userId: users.id,
      email: users.email,
      role: users.role,
      currentPlan: users.plan,
    })
    .from(planRequests)
    .innerJoin(users, eq(users.id, planRequests.userId))
    .where(eq(planRequests.status, 'open'))
    .orderBy(asc(planRequests.createdAt))
    .limit(100)
  return rows.map((row) => ({
    ...row,
    planName: planFor(row.role, row.plan).name,
    currentPlanName: planFor(row.role, row.currentPlan).name,
    createdAt: row.createdAt.toISOString(),
  }))
}

/** Grants or declines an open request; granting sets the user's plan, and the user is told either way. */
export async function decidePlanRequest(actor: SignedInActor | null, requestId: string, grant: boolean, now = new Date()) {
  const admin = requireAdmin(actor)
  return db.transaction(async (tx) => {
    const [request] = isId(requestId) ? await tx.select().from(planRequests).where(eq(planRequests.id, requestId)).for('update') : []
    if (!request) throw new DomainError('Request not found', { status: 404, code: 'NOT_FOUND' })
    if (request.status !== 'open') throw new DomainError(`This request was already ${request.status}.`, { status: 409, code: 'DECIDED' })
    const [user] = await tx.select({ role: users.role, email: users.email }).from(users).where(eq(users.id, request.userId))
    // The user's role may have changed since (a claim made them an owner): grant only a plan of their price list.
    const plan = paidPlansFor(user?.role ?? '').find((p) => p.id === request.plan)
    if (grant && !plan)
      throw new DomainError('That plan is not on this user’s price list any more; decline it and let them ask again.', {
        status: 409,
        code: 'PLAN_MISMATCH',
      })
    await tx
      .update(planRequests)
      .set({ status: grant ? 'granted' : 'declined', decidedBy: admin.id, decidedAt: now })
      .where(eq(planRequests.id, request.id))
    if (grant) await tx.update(users).set({ plan: request.plan }).where(eq(users.id, request.userId))
    await notify(
      request.userId,
      grant
        ? { type: 'success', title: `You are on ${plan!.name}`, message: `Your upgrade to ${plan!.name} is active now.`, link: '/pricing' }
        : {
            type: 'info',
            title: 'Upgrade not granted',
            message: 'Your upgrade request was declined. Write to us if you have questions.',
            link: '/contact',
          },
      tx,
    )
    return { email: user?.email ?? '', plan: plan?.name ?? request.plan, granted: grant }
  })
}
