import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { ActionToast } from '~/components/action-toast'
import { AuthCard, AuthDivider, FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { GoogleButton } from '~/components/google-button'
import { HoneypotField } from '~/components/honeypot'
import { PRODUCT_NAME } from '~/components/site-header'
import { NameFields } from '~/components/profile-fields'
import { Button } from '~/components/ui/button'
import { CheckboxField, Field, SelectField } from '~/components/ui/field'
import { registerSchema } from '~/features/accounts/auth-schemas'
import { SIGNUP_ROLES, signupRoleOf } from '~/core/domain'
import { isHoneypotFilled } from '~/web/honeypot'
import { seo } from '~/web/seo'
import { getFormProps, getInputProps, getSelectProps, useServerForm } from '~/web/server-form'
import { registerUser } from '~/features/accounts/auth.server'
import { signInAndRedirect } from '~/features/accounts/authenticator.server'
import { addToWishlist } from '~/features/venues/wishlist.server'
import { requireAnonymous } from '~/features/accounts/guards.server'
import { oauthErrorMessage } from '~/features/accounts/oauth-errors.server'
import type { z } from 'zod'
import { PHONE_HINT } from '~/features/accounts/auth-constants'
import { useIsPending } from '~/hooks/pending'
import { DomainError } from '~/core/errors'
import { formAttempt, formFailure } from '~/web/form-errors.server'

const FAILED = 'Failed to register'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  const params = new URL(request.url).searchParams
  return {
    oauthError: oauthErrorMessage(params.get('error')),
    constraint: getZodConstraint(registerSchema),
    // '/register?role=venue_owner' (the pricing page's owner plan) and a failed Google attempt
    // come back with the account type to preselect.
    role: signupRoleOf(params.get('role')) ?? 'organizer',
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: registerSchema })
  if (submission.status !== 'success') {
    return formFailure(submission, { hideFields: ['password'], extra: { toast: null } })
  }
  // A bot gets the generic failure and no account.
  if (isHoneypotFilled(formData)) {
    return formFailure(new DomainError(FAILED, { code: 'VALIDATION_ERROR' }), {
      submission,
      at: 'form',
      hideFields: ['password'],
      extra: { toast: null },
    })
  }
  return formAttempt(
    submission,
    async () => {
      const user = await registerUser(submission.value, { ip: context.ip })
      return signInAndRedirect(request, user, {
        redirectTo: submission.value.redirectTo,
        toast: 'Registration successful!',
        saveVenue: addToWishlist,
      })
    },
    { hideFields: ['password'], toast: true, unexpected: 'auth: registration', fallback: FAILED },
  )
}

export default function RegisterPage() {
  const { oauthError, constraint, role } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const pending = useIsPending({ action: '/register' })
  // Validated on the server only (app/web/server-form.ts): no zod in this page's JavaScript.
  const [form, fields] = useServerForm<z.input<typeof registerSchema>>({
    id: 'register',
    defaultNoValidate: true,
    lastResult: actionData?.result,
    constraint,
    defaultValue: { role },
  })
  const redirectTo = searchParams.get('redirectTo') ?? ''
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login'

  return (
    <AuthCard title="Create an Account" subtitle={`Book venues and plan tours with ${PRODUCT_NAME}.`}>
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...getFormProps(form)}>
        <FormBanner id={form.errorId} errors={form.errors ?? (oauthError ? [oauthError] : undefined)} />
        <HoneypotField />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SelectField
          labelProps={{ children: 'Account type' }}
          selectProps={getSelectProps(fields.role)}
          options={SIGNUP_ROLES}
          errors={fields.role.errors}
        />
        <GoogleButton intent="register" label="Sign up with Google" />
        <AuthDivider />
        <NameFields fields={fields} />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: 'Password' }}
          hint="At least 6 characters."
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.password.errors}
        />
        <Field
          labelProps={{ children: 'Phone' }}
          hint={PHONE_HINT}
          inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel', placeholder: '+1 512 555 0100' }}
          errors={fields.phone.errors}
        />
        <CheckboxField
          labelProps={{ children: 'Opt-in to receive SMS communications (recommended)' }}
          inputProps={getInputProps(fields.consentToCommunications, { type: 'checkbox' })}
          errors={fields.consentToCommunications.errors}
        />
        <Button type="submit" size="lg" className="w-full" pending={pending}>
          Create Account
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-neutral-700 dark:text-neutral-300">
        Already have an account?{' '}
        <Link to={loginHref} className="link">
          Sign in
        </Link>
      </p>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, title: 'Create an Account', description: `Join ${PRODUCT_NAME} as a booker or a venue owner.`, path: '/register' })

export { GeneralErrorBoundary as ErrorBoundary }
