import type { KeyboardEvent, TextareaHTMLAttributes } from 'react'

/**
 * A message's text box (docs/messaging.md): with JavaScript, Enter sends (the form's own submit,
 * so its checks and pending state run as for the button) and Shift+Enter adds a line; while an
 * input method is composing, Enter is the method's. Without JavaScript it is a plain textarea and
 * the form's Send button submits.
 */
export function MessageBox(props: TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    props.onKeyDown?.(event)
    if (event.defaultPrevented || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    if (!event.currentTarget.value.trim()) return
    event.currentTarget.form?.requestSubmit()
  }
  return <textarea {...props} onKeyDown={onKeyDown} enterKeyHint="send" />
}
