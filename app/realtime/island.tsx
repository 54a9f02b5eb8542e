import { useEffect } from 'react'
import { notify } from '~/features/notifications/notify'
import { dispatchFrame } from '~/hooks/realtime-events'
import { notificationToast } from '~/core/toast'
import { createRealtimeClient, type SocketLike } from './socket-client'

/**
 * The websocket island: loaded with a dynamic import after hydration, only for a signed-in user
 * (root.tsx keys it by user id, so a different user reconnects and signing out disconnects).
 * The session cookie authenticates the upgrade. Frames go to the page as window events; a
 * notification also shows a toast.
 */
export default function RealtimeIsland({ userId }: { userId: string }) {
  useEffect(() => {
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`
    const client = createRealtimeClient({
      url,
      createSocket: (address) => new WebSocket(address) as unknown as SocketLike,
      onFrame: (frame) => {
        dispatchFrame(frame)
        // The bell updates its badge from the frame; the person also sees it arrive.
        if (frame.type === 'notification') notify(notificationToast(frame.notification))
      },
      onStatus: (status) => document.documentElement.setAttribute('data-realtime', status),
    })
    client.connect()
    return () => client.disconnect()
  }, [userId])
  return null
}
