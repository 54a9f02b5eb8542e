import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { z } from 'zod'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthCard, FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Button } from '~/components/ui/button'
import { CheckboxField, Field } from '~/components/ui/field'
import { safeRedirect } from '~/lib/safe-redirect'
import { profileSchema } from '~/lib/profile-schemas'
import { seo } from '~/lib/seo'
import { homeAfterSignIn, isProfileComplete, requireUser } from '~/services/guards.server'
import { redirectWithToast } from '~/services/toast.server'
import { updateProfile } from '~/services/users.server'

function destination(request: Request, role: string) {
  return safeRedirect(new URL(request.url).searchParams.get('redirectTo'), homeAfterSignIn(role))
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  if (isProfileComplete(user)) throw redirect(destination(request, user.role))
  return { firstName: user.firstName ?? '', lastName: user.lastName ?? '', phone: user.phone ?? '' }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: profileSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  await updateProfile(user, submission.value)
  return redirectWithToast(destination(request, user.role), { type: 'success', description: 'Profile complete. Welcome aboard!' })
}

export default function CompleteProfile() {
  const defaults = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useNavigation().state === 'submitting'
  const [form, fields] = useForm<z.input<typeof profileSchema>>({
    id: 'complete-profile',
    lastResult: actionData?.result,
    constraint: getZodConstraint(profileSchema),
    defaultValue: defaults,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  })
  return (
    <AuthCard title="Complete your profile" subtitle="Venue owners see who is asking. We need your name and a phone number before you book.">
      <Form method="post" {...getFormProps(form)}>
        <FormBanner id={form.errorId} errors={form.errors} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field labelProps={{ children: 'First name' }} inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }} errors={fields.firstName.errors} />
          <Field labelProps={{ children: 'Last name' }} inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }} errors={fields.lastName.errors} />
        </div>
        <Field labelProps={{ children: 'Phone' }} inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }} errors={fields.phone.errors} />
        <CheckboxField
          labelProps={{ children: 'Opt-in to receive SMS communications (recommended)' }}
          inputProps={getInputProps(fields.consentToCommunications, { type: 'checkbox' })}
          errors={fields.consentToCommunications.errors}
        />
        <Button type="submit" size="lg" className="w-full" pending={pending}>
          Continue
        </Button>
      </Form>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Complete your profile', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
