import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { ActionToast } from '~/components/action-toast'
import { AuthCard, AuthDivider, FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { GoogleButton } from '~/components/google-button'
import { HoneypotField } from '~/components/honeypot'
import { PRODUCT_NAME } from '~/components/site-header'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { loginSchema } from '~/features/accounts/auth-schemas'
import { isHoneypotFilled } from '~/web/honeypot'
import { getFormProps, getInputProps, useServerForm } from '~/web/server-form'
import { seo } from '~/web/seo'
import { LOGIN_MESSAGES } from '~/features/accounts/auth.server'
import { authenticateWithForm, signInAndRedirect } from '~/features/accounts/authenticator.server'
import { addToWishlist } from '~/features/venues/wishlist.server'
import { oauthErrorMessage } from '~/features/accounts/oauth-errors.server'
import { requireAnonymous } from '~/features/accounts/guards.server'
import type { z } from 'zod'
import { useIsPending } from '~/hooks/pending'
import { DomainError } from '~/core/errors'
import { formAttempt, formFailure } from '~/web/form-errors.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request)
  return { oauthError: oauthErrorMessage(new URL(request.url).searchParams.get('error')), constraint: getZodConstraint(loginSchema) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: loginSchema })
  if (submission.status !== 'success') {
    // A malformed email gets section 8's sentence (with its full stop) in the banner as well.
    const emailInvalid = submission.error?.email?.includes('Please enter a valid email address')
    const options = { submission, hideFields: ['password'], extra: { toast: null } }
    return emailInvalid
      ? formFailure(new DomainError(LOGIN_MESSAGES.invalidEmail, { code: 'VALIDATION_ERROR' }), { ...options, at: 'form' })
      : formFailure(submission, options)
  }
  if (isHoneypotFilled(formData)) {
    return formFailure(new DomainError(LOGIN_MESSAGES.default, { code: 'VALIDATION_ERROR' }), {
      submission,
      at: 'form',
      hideFields: ['password'],
      extra: { toast: null },
    })
  }
  // Above the form, whichever field the refusal names: the product's sign-in messages read as one line.
  return formAttempt(
    submission,
    async () => {
      const user = await authenticateWithForm(request, formData, context.ip ?? 'unknown')
      return signInAndRedirect(request, user, {
        redirectTo: submission.value.redirectTo,
        toast: 'Login successful!',
        saveVenue: addToWishlist,
      })
    },
    { at: 'form', hideFields: ['password'], toast: true, unexpected: 'auth: login', fallback: LOGIN_MESSAGES.default },
  )
}

export default function LoginPage() {
  const { oauthError, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const pending = useIsPending({ action: '/login' })
  // Validated on the server only (app/web/server-form.ts): no zod in this page's JavaScript.
  const [form, fields] = useServerForm<z.input<typeof loginSchema>>({
    id: 'login',
    defaultNoValidate: true,
    lastResult: actionData?.result,
    constraint,
  })
  const redirectTo = searchParams.get('redirectTo') ?? ''
  const signupHref = redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : '/register'

  return (
    <AuthCard title={`Login to ${PRODUCT_NAME}`}>
      <ActionToast toast={actionData?.toast} />
      <Form method="post" {...getFormProps(form)} className="space-y-1">
        <FormBanner id={form.errorId} errors={form.errors ?? (oauthError ? [oauthError] : undefined)} />
        <HoneypotField />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
          errors={fields.email.errors}
        />
        <Field
          labelProps={{ children: 'Password' }}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
          errors={fields.password.errors}
        />
        <div className="flex justify-end pb-3 text-sm">
          <Link to="/forgot-password" className="link">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" pending={pending}>
          Login
        </Button>
        <AuthDivider />
        <GoogleButton intent="login" label="Sign in with Google" />
      </Form>
      <p className="mt-6 text-center text-sm text-neutral-700 dark:text-neutral-300">
        New to {PRODUCT_NAME}?{' '}
        <Link to={signupHref} className="link">
          Sign up
        </Link>
      </p>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, title: 'Login', description: `Sign in to ${PRODUCT_NAME} to book venues and plan tours.`, path: '/login' })

export { GeneralErrorBoundary as ErrorBoundary }
