// Client-safe voice assistant logic: the call state machine, tool handlers and request URLs.
// The SDK itself is loaded by `loadVapiClient` with a dynamic import, only when a call starts.
export * from './client'
export * from './requests'
export * from './session'
export * from './state'
export * from './tools'
