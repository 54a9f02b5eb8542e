// A fake of the Vapi web SDK (2.7.1): the same method names and the same event names and payload
// shapes (dist/vapi.d.ts; messages as the Vapi server sends them), driven by the test.
import { EventEmitter } from 'node:events'
import type { VoiceClient, VoiceClientMessage } from '~/features/voice'

type StartResult = 'ok' | 'null' | 'throw'

export class FakeVapi extends EventEmitter implements VoiceClient {
  startCalls: unknown[] = []
  said: string[] = []
  sent: VoiceClientMessage[] = []
  stopped = 0
  /** What each successive start() does; the last entry repeats. */
  startResults: StartResult[] = ['ok']
  startFailure = 'assistant not found'

  constructor(readonly publicKey: string) {
    super()
  }

  start(assistant?: unknown): Promise<unknown> {
    this.startCalls.push(assistant)
    const result = this.startResults[Math.min(this.startCalls.length - 1, this.startResults.length - 1)]
    if (result === 'throw') return Promise.reject(new Error(this.startFailure))
    if (result === 'null') {
      // As the SDK does: report on call-start-failed and error, then resolve null.
      this.emit('call-start-failed', { stage: 'unknown', totalDuration: 1, error: this.startFailure, timestamp: '', context: {} })
      this.emit('error', { type: 'start-method-error', stage: 'unknown', error: { message: this.startFailure } })
      return Promise.resolve(null)
    }
    return Promise.resolve({ id: 'call-1' }).then((call) => {
      this.emit('call-start')
      return call
    })
  }

  stop() {
    this.stopped++
    this.emit('call-end')
    return Promise.resolve()
  }

  say(message: string) {
    this.said.push(message)
  }

  send(message: VoiceClientMessage) {
    this.sent.push(message)
  }

  // Server messages, shaped as Vapi sends them.
  transcript(role: 'user' | 'assistant', transcript: string, transcriptType: 'partial' | 'final' = 'final') {
    this.emit('message', { type: 'transcript', role, transcriptType, transcript })
  }

  toolCalls(...calls: Array<{ name: string; args: unknown; id?: string }>) {
    const toolCallList = calls.map((c, i) => ({
      id: c.id ?? `call_${i}_${Math.random().toString(36).slice(2)}`,
      type: 'function',
      function: { name: c.name, arguments: c.args },
    }))
    this.emit('message', {
      type: 'tool-calls',
      toolCallList,
      toolWithToolCallList: toolCallList.map((toolCall) => ({ type: 'function', toolCall })),
    })
  }

  functionCall(name: string, parameters: unknown) {
    this.emit('message', { type: 'function-call', functionCall: { name, parameters } })
  }
}
