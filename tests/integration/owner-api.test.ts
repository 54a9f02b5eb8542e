import { beforeAll, describe, expect, it } from 'vitest'
import { loader as listInquiries } from '~/routes/api+/v1.inquiries._index'
import { loader as listClaimsApi } from '~/routes/api+/v1.venue-claims._index'
import { action as askApi } from '~/routes/api+/v1.venues.$id_.inquiries'
import { action as claimApi } from '~/routes/api+/v1.venues.$id_.claim'
import { loader as myVenuesApi } from '~/routes/api+/v1.venues.my-venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, jsonRequest, type TestAccount } from '../support/users'
import { createTestVenue } from '../support/venues'
import { routeArgs } from '../support/api'

useTestDatabase()

type Account = TestAccount
let admin: Account
let owner: Account
let organizer: Account

beforeAll(async () => {
  ;[admin, owner, organizer] = await Promise.all([
    createTestUser('admin'),
    createTestUser('venue_owner', { plan: 'pro' }),
    createTestUser('organizer'),
  ])
})

const auth = (account?: Account): Record<string, string> => (account ? { Authorization: `Bearer ${account.token}` } : {})
const get = (path: string, account?: Account) => new Request(`http://localhost${path}`, { headers: auth(account) })
type Body = { data: never; error: { code: string } }
const body = async (response: Response) => (await response.json()) as Body

describe('owner JSON API', () => {
  it('answers 401 without a user on every call', async () => {
    const { venue } = await createTestVenue({ by: admin.user })
    for (const response of [
      await myVenuesApi(routeArgs(get('/api/v1/venues/my-venues'))),
      await listClaimsApi(routeArgs(get('/api/v1/venue-claims'))),
      await listInquiries(routeArgs(get('/api/v1/inquiries'))),
      await claimApi(routeArgs(jsonRequest(`http://localhost/api/v1/venues/${venue.id}/claim`, {}), { id: venue.id })),
      await askApi(routeArgs(jsonRequest(`http://localhost/api/v1/venues/${venue.id}/inquiries`, {}), { id: venue.id })),
    ]) {
      expect(response.status).toBe(401)
      expect((await body(response)).error.code).toBe('AUTH_ERROR')
    }
  })

  it('my-venues: the owner gets theirs, an organizer gets 403', async () => {
    const { venue } = await createTestVenue({ by: owner.user })
    const mine = await myVenuesApi(routeArgs(get('/api/v1/venues/my-venues', owner)))
    expect(mine.status).toBe(200)
    expect(((await body(mine)).data as { id: string }[]).map((v) => v.id)).toContain(venue.id)
    expect((await myVenuesApi(routeArgs(get('/api/v1/venues/my-venues', organizer)))).status).toBe(403)
  })

  it('claims list: admins see open claims, a user only their own', async () => {
    const { venue } = await createTestVenue({ by: admin.user })
    const filed = await claimApi(
      routeArgs(
        jsonRequest(
          `http://localhost/api/v1/venues/${venue.id}/claim`,
          { roleAtVenue: 'Owner', businessEmail: 'a@b.example', phone: '5125550100' },
          { headers: auth(organizer) },
        ),
        { id: venue.id },
      ),
    )
    expect(filed.status).toBe(201)
    const claimId = ((await body(filed)).data as { id: string }).id
    const forAdmin = (await body(await listClaimsApi(routeArgs(get('/api/v1/venue-claims', admin))))).data as { id: string }[]
    const forOwner = (await body(await listClaimsApi(routeArgs(get('/api/v1/venue-claims', owner))))).data as { id: string }[]
    expect(forAdmin.map((c) => c.id)).toContain(claimId)
    expect(forOwner.map((c) => c.id)).not.toContain(claimId)
  })

  it('inquiries: ask with 201, validation 400, and both sides list it', async () => {
    const { venue } = await createTestVenue({ by: owner.user })
    const url = `http://localhost/api/v1/venues/${venue.id}/inquiries`
    expect((await askApi(routeArgs(jsonRequest(url, { question: 'short' }, { headers: auth(organizer) }), { id: venue.id }))).status).toBe(
      400,
    )
    const asked = await askApi(
      routeArgs(jsonRequest(url, { question: 'Do you have a piano?' }, { headers: auth(organizer) }), { id: venue.id }),
    )
    expect(asked.status).toBe(201)
    const id = ((await body(asked)).data as { id: string }).id
    const mine = (await body(await listInquiries(routeArgs(get('/api/v1/inquiries', organizer))))).data as { asked: { id: string }[] }
    const theirs = (await body(await listInquiries(routeArgs(get('/api/v1/inquiries', owner))))).data as { received: { id: string }[] }
    expect(mine.asked.map((i) => i.id)).toContain(id)
    expect(theirs.received.map((i) => i.id)).toContain(id)
  })
})
