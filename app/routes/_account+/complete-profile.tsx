import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { z } from 'zod'
import { getFormProps, useServerForm } from '~/web/server-form'
import { formFailure } from '~/web/form-errors.server'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { ProfileFields } from '~/components/profile-fields'
import { Button } from '~/components/ui/button'
import { safeRedirect } from '~/core/safe-redirect'
import { profileSchema } from '~/features/accounts/profile-schemas'
import { seo } from '~/web/seo'
import { homeAfterSignIn, isProfileComplete, requireUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { updateProfile } from '~/features/accounts/users.server'
import { useIsPending } from '~/hooks/pending'

function destination(request: Request, role: string) {
  return safeRedirect(new URL(request.url).searchParams.get('redirectTo'), homeAfterSignIn(role))
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  if (isProfileComplete(user)) throw redirect(destination(request, user.role))
  return {
    defaults: { firstName: user.firstName ?? '', lastName: user.lastName ?? '', phone: user.phone ?? '' },
    constraint: getZodConstraint(profileSchema),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: profileSchema })
  if (submission.status !== 'success') return formFailure(submission)
  await updateProfile(user, submission.value)
  return redirectWithToast(destination(request, user.role), { type: 'success', description: 'Profile complete. Welcome aboard!' })
}

export default function CompleteProfile() {
  const { defaults, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const [form, fields] = useServerForm<z.input<typeof profileSchema>>({
    id: 'complete-profile',
    lastResult: actionData?.result,
    constraint,
    defaultValue: defaults,
  })
  return (
    <AuthCard
      title="Complete your profile"
      subtitle="Venue owners see who is asking. We need your name and a phone number before you book."
    >
      <Form method="post" {...getFormProps(form)}>
        <FormBanner id={form.errorId} errors={form.errors} />
        <ProfileFields fields={fields} />
        <Button type="submit" size="lg" className="w-full" pending={pending}>
          Continue
        </Button>
      </Form>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Complete your profile', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
