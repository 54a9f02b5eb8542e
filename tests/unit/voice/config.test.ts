import { afterEach, describe, expect, it } from 'vitest'
import { endCallIfActive } from '~/components/voice/voice-bus'
import { getVoiceSession } from '~/components/voice/voice-store'
import { micErrorMessage } from '~/components/voice/mic-check'
import { env, publicEnv } from '~/env.server'
import { loader as vapiTestLoader } from '~/routes/_voice+/vapi-test'
import { FakeVapi } from './fake-client'

const original = env()
function withEnv(vars: Partial<ReturnType<typeof env>>) {
  globalThis.__stagepassEnv = { ...original, ...vars }
}
afterEach(() => {
  globalThis.__stagepassEnv = original
})

describe('voice configuration', () => {
  it('hands the browser the public key and assistant id only when both are set', () => {
    withEnv({ VAPI_PUBLIC_KEY: 'pk_live_public', VAPI_ASSISTANT_ID: undefined })
    expect(publicEnv()).toMatchObject({ voiceConfigured: false, vapi: null })
    withEnv({ VAPI_PUBLIC_KEY: 'pk_live_public', VAPI_ASSISTANT_ID: 'asst_1' })
    expect(publicEnv()).toMatchObject({ voiceConfigured: true, vapi: { publicKey: 'pk_live_public', assistantId: 'asst_1' } })
  })

  it('/vapi-test reports what is set and echoes only the public key', () => {
    withEnv({ VAPI_PUBLIC_KEY: undefined, VAPI_ASSISTANT_ID: undefined })
    expect(vapiTestLoader()).toEqual({ publicKey: null, assistantIdSet: false })
    withEnv({ VAPI_PUBLIC_KEY: 'pk_live_public', VAPI_ASSISTANT_ID: 'asst_secretish' })
    const data = vapiTestLoader()
    expect(data).toEqual({ publicKey: 'pk_live_public', assistantIdSet: true })
    expect(JSON.stringify(data)).not.toContain('asst_secretish')
  })

  it('names the microphone failures', () => {
    expect(micErrorMessage({ name: 'NotAllowedError' })).toMatch(/permission was denied/)
    expect(micErrorMessage({ name: 'NotFoundError' })).toBe('No microphone was found.')
    expect(micErrorMessage(new Error('boom'))).toBe('The microphone could not be opened: boom')
  })
})

describe('the shared session', () => {
  it('is one per configuration; call-end ends the conversation; a hidden-widget page ends a running call', async () => {
    const clients: FakeVapi[] = []
    const factory = async (key: string) => {
      const c = new FakeVapi(key)
      clients.push(c)
      return c
    }
    const config = { publicKey: 'pk', assistantId: 'asst' }
    const session = getVoiceSession(config, factory)
    expect(getVoiceSession(config, factory)).toBe(session)

    await session.startConversation()
    expect(session.getState()).toMatchObject({ call: 'on', conversationActive: true })
    clients[0]!.emit('call-end')
    await Promise.resolve()
    expect(session.getState()).toMatchObject({ call: 'off', listening: false, conversationActive: false })

    await session.startConversation()
    expect(session.getState().call).toBe('on')
    endCallIfActive()
    await Promise.resolve()
    expect(clients[0]!.stopped).toBe(1)
    expect(session.getState().conversationActive).toBe(false)

    const other = getVoiceSession(null, factory)
    expect(other).not.toBe(session)
    expect(other.getState().configured).toBe(false)
    await other.dispose()
  })
})
