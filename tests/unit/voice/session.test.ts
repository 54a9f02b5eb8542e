import { describe, expect, it, vi } from 'vitest'
import {
  ASSISTANT_REFERENCE_FORMS,
  NOT_CONFIGURED_MESSAGE,
  NOT_INITIALIZED_MESSAGE,
  TOOL_FAILURE_SENTENCE,
  VoiceSession,
  toolCallsOf,
  type VoiceClientFactory,
} from '~/features/voice'
import { FakeVapi } from './fake-client'

const TODAY = '2026-11-21'

function setup(options: { configured?: boolean; factory?: VoiceClientFactory; startResults?: FakeVapi['startResults'] } = {}) {
  const clients: FakeVapi[] = []
  const navigate = vi.fn<(url: string) => void>()
  const onEmail = vi.fn<(email: string) => void>()
  const onCallEnd = vi.fn<() => void>()
  const createClient =
    options.factory ??
    (async (key: string) => {
      const client = new FakeVapi(key)
      if (options.startResults) client.startResults = options.startResults
      clients.push(client)
      return client
    })
  const configured = options.configured ?? true
  const session = new VoiceSession({
    publicKey: configured ? 'pk_public' : undefined,
    assistantId: configured ? 'asst_123' : undefined,
    createClient,
    navigate,
    onEmail,
    onCallEnd,
    today: () => TODAY,
  })
  const client = () => {
    const c = clients[0]
    if (!c) throw new Error('no client created yet')
    return c
  }
  return { session, client, clients, navigate, onEmail, onCallEnd }
}

async function inCall(options: Parameters<typeof setup>[0] = {}) {
  const s = setup(options)
  await s.session.startConversation()
  expect(s.session.getState().call).toBe('on')
  return s
}

describe('voice session: client and call lifecycle (docs/product.md §4)', () => {
  it('does not create the client (load the SDK) until a conversation starts, then goes initializing → ready', async () => {
    let resolve!: (c: FakeVapi) => void
    const factory = vi.fn<VoiceClientFactory>(() => new Promise((r) => (resolve = r)))
    const { session } = setup({ factory })
    expect(session.getState().client).toBe('idle')
    expect(factory).not.toHaveBeenCalled()
    const started = session.startConversation()
    expect(session.getState().client).toBe('initializing')
    expect(factory).toHaveBeenCalledWith('pk_public')
    resolve(new FakeVapi('pk_public'))
    await started
    expect(session.getState()).toMatchObject({ client: 'ready', call: 'on', listening: true, conversationActive: true })
  })

  it('starts a call only when listening and the conversation are both active, and stops when the conversation ends', async () => {
    const { session, client } = await inCall()
    expect(client().startCalls).toEqual(['asst_123'])
    session.setListening(false)
    await session.endConversation()
    expect(client().stopped).toBe(1)
    expect(session.getState().call).toBe('off')
    // Listening on without an active conversation does not start a call.
    session.setListening(true)
    await Promise.resolve()
    expect(client().startCalls).toHaveLength(1)
  })

  it('call-end turns listening off and notifies the parent', async () => {
    const { session, client, onCallEnd } = await inCall()
    client().emit('call-end')
    expect(session.getState()).toMatchObject({ call: 'off', listening: false })
    expect(onCallEnd).toHaveBeenCalledTimes(1)
  })

  it('speech-start turns listening on; speech-end and speech-update track the assistant speaking', async () => {
    const { session, client } = await inCall()
    session.setListening(false)
    client().emit('speech-start')
    expect(session.getState()).toMatchObject({ listening: true, assistantSpeaking: true })
    client().emit('speech-end')
    expect(session.getState().assistantSpeaking).toBe(false)
    client().emit('message', { type: 'speech-update', status: 'started', role: 'assistant' })
    expect(session.getState().assistantSpeaking).toBe(true)
    client().emit('message', { type: 'speech-update', status: 'stopped', role: 'assistant' })
    expect(session.getState().assistantSpeaking).toBe(false)
  })

  it('transcript messages append with their user/assistant role; partials show until final', async () => {
    const { session, client } = await inCall()
    client().transcript('user', 'Plan a tour from', 'partial')
    expect(session.getState().partial).toEqual({ role: 'user', text: 'Plan a tour from' })
    expect(session.getState().transcript).toEqual([])
    client().transcript('user', 'Plan a tour from Austin')
    client().transcript('assistant', 'Sure, how many days?')
    client().emit('message', { type: 'transcript', role: 'system', transcriptType: 'final', transcript: 'ignored' })
    expect(session.getState().partial).toBeNull()
    expect(session.getState().transcript).toEqual([
      { role: 'user', text: 'Plan a tour from Austin' },
      { role: 'assistant', text: 'Sure, how many days?' },
    ])
  })

  it('an error during the call is shown for Retry and the call is kept open', async () => {
    const { session, client } = await inCall()
    client().emit('error', { type: 'daily-error', error: { message: 'network hiccup' } })
    expect(session.getState()).toMatchObject({ error: 'network hiccup', call: 'on' })
    expect(client().stopped).toBe(0)
    await session.retry()
    expect(session.getState()).toMatchObject({ error: null, call: 'on' })
    expect(client().startCalls).toHaveLength(1)
  })

  it('tries the three forms of the assistant reference in turn and stops at the first that works', async () => {
    const { session, client } = await inCall({ startResults: ['throw', 'null', 'ok'] })
    expect(client().startCalls).toEqual(ASSISTANT_REFERENCE_FORMS.map((f) => f.build('asst_123')))
    expect(client().startCalls).toEqual(['asst_123', { assistantId: 'asst_123' }, { id: 'asst_123' }])
    // The failed attempts' error events are not shown once a later form starts the call.
    expect(session.getState().error).toBeNull()
  })

  it("fails with 'Failed to start call: {reason}' after all three forms fail; Retry tries again", async () => {
    const { session, client } = setup({ startResults: ['null', 'null', 'throw', 'ok'] })
    await session.startConversation()
    expect(client().startCalls).toHaveLength(3)
    expect(session.getState()).toMatchObject({
      call: 'off',
      listening: false,
      error: 'Failed to start call: assistant not found',
    })
    await session.retry()
    expect(client().startCalls).toHaveLength(4)
    expect(session.getState()).toMatchObject({ call: 'on', error: null })
  })

  it("reports 'Failed to initialize the voice client: {reason}' and retries creating it", async () => {
    let fail = true
    const { session } = setup({
      factory: async (key) => {
        if (fail) throw new Error('chunk failed to load')
        return new FakeVapi(key)
      },
    })
    await session.startConversation()
    expect(session.getState()).toMatchObject({ client: 'failed', error: 'Failed to initialize the voice client: chunk failed to load' })
    fail = false
    await session.retry()
    expect(session.getState()).toMatchObject({ client: 'ready', call: 'on', error: null })
  })

  it('refuses a direct start before the client exists: not initialized, please refresh', async () => {
    const { session } = setup()
    expect(await session.startCall()).toBe(false)
    expect(session.getState().error).toBe(NOT_INITIALIZED_MESSAGE)
  })

  it('without configuration nothing is loaded and the session says voice is not configured', async () => {
    const factory = vi.fn<VoiceClientFactory>()
    const { session } = setup({ configured: false, factory })
    expect(session.getState().configured).toBe(false)
    await session.startConversation()
    expect(factory).not.toHaveBeenCalled()
    expect(session.getState()).toMatchObject({ error: NOT_CONFIGURED_MESSAGE, call: 'off', conversationActive: false })
  })

  it('ending the conversation while the call connects stops it once connected', async () => {
    const { session } = setup()
    const started = session.startConversation()
    await session.endConversation()
    await started
    expect(session.getState().call).toBe('off')
  })

  it('logs events for /vapi-test and detaches its listeners on dispose', async () => {
    const { session, client } = await inCall()
    const names = session.getState().events.map((e) => e.name)
    expect(names).toEqual(expect.arrayContaining(['client-ready', 'start-attempt', 'call-start', 'call-started']))
    await session.dispose()
    expect(client().listenerCount('message')).toBe(0)
  })
})

describe('voice session: tools feed the planner reducer (docs/product.md §7)', () => {
  it('updateTourCriteria applies cities, guestCount, budget, eventType and travelMode; "$5,000" is 5000', async () => {
    const { session, client } = await inCall()
    client().toolCalls({
      name: 'updateTourCriteria',
      args: JSON.stringify({
        cities: ['Austin, TX', 'Denver, CO'],
        guestCount: 300,
        budget: '$5,000',
        eventType: 'Concert',
        travelMode: 'bus',
      }),
    })
    const c = session.getState().criteria
    expect(c.cities.map((x) => x.name)).toEqual(['Austin', 'Denver'])
    expect(c).toMatchObject({ guestCount: 300, budget: 5000, eventType: 'concert', travelMode: 'bus' })
    expect(client().said).toEqual([])
    // The outcome is given to the assistant as context.
    expect(client().sent.at(-1)).toMatchObject({ type: 'add-message', message: { role: 'system' } })
    expect(JSON.stringify(client().sent.at(-1))).toContain('budget $5,000')
  })

  it('addCity, setGuestCount, setBudget, setEventType and setTravelMode each apply', async () => {
    const { session, client } = await inCall()
    client().toolCalls(
      { name: 'addCity', args: { city: 'Nashville, TN' } },
      { name: 'setGuestCount', args: { count: '250' } },
      { name: 'setBudget', args: { amount: '$12,500' } },
      { name: 'setEventType', args: { type: 'comedy show' } },
      { name: 'setTravelMode', args: { mode: 'fly' } },
    )
    expect(session.getState().criteria).toMatchObject({
      cities: [{ name: 'Nashville', stateCode: 'TN' }],
      guestCount: 250,
      budget: 12500,
      eventType: 'comedy show',
      travelMode: 'fly',
    })
    expect(client().said).toEqual([])
  })

  it('the old function-call message shape is handled too, and a call id is handled once', async () => {
    const { session, client } = await inCall()
    client().functionCall('addCity', { city: 'Chicago' })
    client().toolCalls({ name: 'setGuestCount', args: { count: 100 }, id: 'same' })
    client().emit('tool-calls', { toolCallList: [{ id: 'same', function: { name: 'setGuestCount', arguments: { count: 999 } } }] })
    expect(session.getState().criteria.cities.map((c) => c.name)).toEqual(['Chicago'])
    expect(session.getState().criteria.guestCount).toBe(100)
  })

  it.each([
    ['an invalid budget', 'setBudget', { amount: 'a lot' }],
    ['a zero guest count', 'setGuestCount', { count: 0 }],
    ['an unknown travel mode', 'setTravelMode', { mode: 'teleport' }],
    ['a city without a name', 'addCity', { city: '' }],
    ['arguments that are not JSON', 'updateTourCriteria', '{cities: [Austin'],
    ['an unknown tool', 'bookEverything', {}],
  ])('a tool failure (%s) makes the assistant say the fallback sentence and leaves criteria as they were', async (_, name, args) => {
    const { session, client } = await inCall()
    const before = session.getState().criteria
    client().toolCalls({ name, args })
    expect(client().said).toEqual([TOOL_FAILURE_SENTENCE])
    expect(TOOL_FAILURE_SENTENCE).toBe("I encountered an error processing that information. Let's continue with the tour planning.")
    expect(session.getState().criteria).toEqual(before)
    expect(session.getState().toolError).toBeTruthy()
    expect(session.getState().call).toBe('on')
  })

  it('getConversationHistory hands userEmail to the parent and gives the assistant the conversation', async () => {
    const { session, client, onEmail } = await inCall()
    client().transcript('user', 'Three nights in Texas')
    client().toolCalls({ name: 'getConversationHistory', args: { userEmail: 'ada@example.com' } })
    expect(onEmail).toHaveBeenCalledWith('ada@example.com')
    expect(session.getState().userEmail).toBe('ada@example.com')
    expect(JSON.stringify(client().sent.at(-1))).toContain('user: Three nights in Texas')
  })

  it('generateTourPlanTool opens the planner filled in with the tour request and the gathered criteria', async () => {
    const { session, client, navigate } = await inCall()
    client().toolCalls({ name: 'setGuestCount', args: { count: 300 } })
    client().toolCalls({
      name: 'generateTourPlanTool',
      args: JSON.stringify({ city: 'Austin, TX', duration: 5, budget: '$5,000', preferences: ['jazz', 'blues'], startDate: '2027-03-01' }),
    })
    const url = navigate.mock.calls[0]?.[0]
    expect(url).toBeDefined()
    const parsed = new URL(url!, 'http://x')
    expect(parsed.pathname).toBe('/ai-tour-planner')
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      cities: 'Austin, TX',
      startDate: '2027-03-01',
      days: '5',
      budget: '5000',
      guests: '300',
      genres: 'jazz,blues',
    })
    expect(session.getState().planUrl).toBe(url)
  })

  it('generateTourPlanTool applies the voice defaults: duration 3, budget 1000, start date today', async () => {
    const { client, navigate } = await inCall()
    client().toolCalls({ name: 'generateTourPlanTool', args: { city: 'Denver' } })
    expect(navigate).toHaveBeenCalledWith(`/ai-tour-planner?cities=Denver&startDate=${TODAY}&days=3&budget=1000`)
  })

  it('invalid tour request JSON opens the plain /ai-tour-planner', async () => {
    const { client, navigate } = await inCall()
    client().toolCalls({ name: 'generateTourPlanTool', args: '{"city": "Austin",' })
    expect(navigate).toHaveBeenCalledWith('/ai-tour-planner')
  })

  it('a venue search request opens /globe-enhanced-search with its filters; invalid JSON the plain page', async () => {
    const { client, navigate } = await inCall()
    client().toolCalls({ name: 'searchVenues', args: { city: 'Austin, TX', genre: 'Jazz', type: 'club', capacity: 200 } })
    expect(navigate).toHaveBeenLastCalledWith('/globe-enhanced-search?city=Austin&state=TX&genre=jazz&venueType=club&capacity=200')
    client().toolCalls({ name: 'searchVenues', args: 'not json' })
    expect(navigate).toHaveBeenLastCalledWith('/globe-enhanced-search')
  })

  it('tool events delivered directly (function-call, tool-call, tool-calls) are handled like messages', async () => {
    const { session, client } = await inCall()
    client().emit('function-call', { functionCall: { name: 'addCity', parameters: { city: 'Austin' } } })
    client().emit('tool-call', { id: 't1', function: { name: 'addCity', arguments: '{"city":"Dallas"}' } })
    client().emit('tool-calls', { toolCallList: [{ id: 't2', function: { name: 'addCity', arguments: { city: 'Houston' } } }] })
    expect(session.getState().criteria.cities.map((c) => c.name)).toEqual(['Austin', 'Dallas', 'Houston'])
  })
})

describe('toolCallsOf', () => {
  it('reads every tool call shape and ignores junk', () => {
    expect(toolCallsOf(null)).toEqual([])
    expect(toolCallsOf({ type: 'tool-calls' })).toEqual([])
    expect(toolCallsOf({ toolWithToolCallList: [{ toolCall: { id: 'a', function: { name: 'addCity', arguments: '{}' } } }] })).toEqual([
      { id: 'a', name: 'addCity', args: '{}' },
    ])
    expect(toolCallsOf({ functionCall: { name: 'setBudget', parameters: { amount: 5 } } })).toEqual([
      { id: null, name: 'setBudget', args: { amount: 5 } },
    ])
  })
})
