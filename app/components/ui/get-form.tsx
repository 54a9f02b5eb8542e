import { Form, type FormProps, useSubmit } from '@remix-run/react'
import { forwardRef } from 'react'
import { nonEmptyParams } from '~/web/non-empty-params'

/**
 * A GET form that puts only filled-in fields in the URL (app/web/non-empty-params.ts). Without
 * JavaScript the browser sends every field and the loader redirects to the tidy URL.
 */
export const GetForm = forwardRef<HTMLFormElement, Omit<FormProps, 'method'>>(function GetForm({ onSubmit, ...props }, ref) {
  const submit = useSubmit()
  return (
    <Form
      {...props}
      ref={ref}
      method="get"
      onSubmit={(event) => {
        onSubmit?.(event)
        if (event.defaultPrevented) return
        event.preventDefault()
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
        const data = new FormData(event.currentTarget)
        if (submitter?.name) data.append(submitter.name, submitter.value)
        submitNonEmpty(submit, data, event.currentTarget, props)
      }}
    />
  )
})

type SubmitOptions = Pick<FormProps, 'replace' | 'preventScrollReset'>

/** Navigates to the form's action with its non-empty values. */
function submitNonEmpty(submit: ReturnType<typeof useSubmit>, data: FormData, form: HTMLFormElement, options: SubmitOptions = {}) {
  const action = form.getAttribute('action') ?? undefined
  submit(nonEmptyParams(data), { method: 'get', action, replace: options.replace, preventScrollReset: options.preventScrollReset })
}
