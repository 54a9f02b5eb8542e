import { getFormProps, getInputProps, useServerForm } from '~/web/server-form'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { ActionToast } from '~/components/action-toast'
import { Avatar } from '~/components/avatar'
import { FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { ProfileFields } from '~/components/profile-fields'
import { EmailSection } from '~/components/profile-email'
import { PrivacySection } from '~/components/profile-privacy'
import { Button } from '~/components/ui/button'
import { ErrorList, Field } from '~/components/ui/field'
import { notificationKindsFor } from '~/core/notification-kinds'
import { roleLabel } from '~/core/domain'
import { passwordChangeSchema, profileSchema } from '~/features/accounts/profile-schemas'
import { seo } from '~/web/seo'
import { displayName } from '~/features/accounts/user'
import { DomainError } from '~/core/errors'
import { formAttempt, formFailure } from '~/web/form-errors.server'
import { requireUser } from '~/features/accounts/guards.server'
import { storeAvatar } from '~/platform/images.server'
import { readUploadForm } from '~/web/upload-form.server'
import { findSessionId, readSessionToken, sessionCookie } from '~/features/accounts/session.server'
import { emailSettings, setEmailKinds } from '~/features/notifications/notification-settings.server'
import { redirectWithToast } from '~/platform/toast.server'
import {
  changePassword,
  deleteAccount,
  getUserById,
  setProfilePicture,
  setVisibleToVenues,
  updateProfile,
} from '~/features/accounts/users.server'
import { useIsPending } from '~/hooks/pending'

export async function loader({ request }: LoaderFunctionArgs) {
  const sessionUser = await requireUser(request)
  const user = await getUserById(sessionUser.id)
  if (!user) throw redirect('/login')
  return {
    user: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      role: user.role,
      profilePicture: user.profilePicture,
      consentToCommunications: user.consentToCommunications,
      visibleToVenues: user.visibleToVenues,
      hasPassword: Boolean(user.passwordHash),
      googleLinked: Boolean(user.googleId),
    },
    email: await emailSettings(user),
    constraint: { details: getZodConstraint(profileSchema), password: getZodConstraint(passwordChangeSchema) },
  }
}

type Intent = 'details' | 'picture' | 'remove-picture' | 'password' | 'privacy' | 'email' | 'delete'

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readUploadForm(request, 'picture')
  // A too-large picture is the picture form’s message, not a 413 page.
  if (formData instanceof DomainError)
    return formFailure(formData, { submission: pictureSubmission(new FormData()), at: 'picture', extra: { intent: 'picture' as Intent } })
  const intent = formData.get('intent') as Intent | null
  switch (intent) {
    case 'privacy': {
      const visible = formData.get('visibleToVenues') === 'on'
      await setVisibleToVenues(user, visible)
      return redirectWithToast('/profile#privacy', {
        type: 'success',
        description: visible ? 'Venue owners may now see your name when you show interest.' : 'Venue owners see only anonymous counts now.',
      })
    }
    case 'email': {
      const kinds = await setEmailKinds(user, formData.getAll('email'))
      return redirectWithToast('/profile#email', {
        type: 'success',
        description: kinds.length
          ? `Email settings saved: ${kinds.length} of ${notificationKindsFor(user.role).length} kinds by email.`
          : 'Email settings saved: everything stays in the app.',
      })
    }
    case 'details': {
      const submission = parseWithZod(formData, { schema: profileSchema })
      if (submission.status !== 'success') return formFailure(submission, { extra: { intent, toast: null } })
      return formAttempt(
        submission,
        async () => {
          await updateProfile(user, submission.value)
          return redirectWithToast('/profile', { type: 'success', description: 'Profile updated.' })
        },
        { extra: { intent }, toast: true, unexpected: 'profile: details', fallback: 'Failed to update profile' },
      )
    }
    case 'picture': {
      const file = formData.get('picture')
      return formAttempt(
        pictureSubmission(formData),
        async () => {
          if (!(file instanceof File) || file.size === 0)
            throw new DomainError('Please choose an image to upload.', { code: 'VALIDATION_ERROR' })
          await setProfilePicture(user, await storeAvatar(user.id, Buffer.from(await file.arrayBuffer())))
          return redirectWithToast('/profile', { type: 'success', description: 'Profile picture updated.' })
        },
        { at: 'picture', extra: { intent } },
      )
    }
    case 'remove-picture':
      await setProfilePicture(user, null)
      return redirectWithToast('/profile', { type: 'success', description: 'Profile picture removed.' })
    case 'password': {
      const submission = parseWithZod(formData, { schema: passwordChangeSchema })
      if (submission.status !== 'success') return formFailure(submission, { hideFields: PASSWORD_FIELDS, extra: { intent, toast: null } })
      return formAttempt(
        submission,
        async () => {
          const token = await readSessionToken(request)
          await changePassword(user, submission.value, token ? await findSessionId(token) : undefined)
          return redirectWithToast('/profile', { type: 'success', description: 'Password changed. Other devices were signed out.' })
        },
        { extra: { intent }, hideFields: PASSWORD_FIELDS, status: 400 },
      )
    }
    case 'delete': {
      // Asks twice: the first post only arms the button; the second, with confirm=yes, deletes.
      if (formData.get('confirm') !== 'yes') return data({ intent, result: null, toast: null, confirmDelete: true })
      await deleteAccount(user)
      return redirectWithToast(
        '/',
        { type: 'info', description: 'Your account and its personal data were deleted.' },
        { headers: { 'Set-Cookie': await sessionCookie.serialize('', { maxAge: 0 }) } },
      )
    }
    default:
      return formFailure(new DomainError('Unknown action.'), { extra: { intent: null }, toast: true })
  }
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword']

/** The picture form checks nothing but its file; its submission carries the refusals back as the other forms' do. */
const pictureSubmission = (formData: FormData) => parseWithZod(formData, { schema: z.object({}) })

export default function ProfilePage() {
  const { user, email } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const name = displayName(user)
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <ActionToast toast={actionData?.toast} />
      <header className="flex items-center gap-4">
        <Avatar name={name} src={user.profilePicture} size="lg" />
        <div>
          <h1 className="text-3xl font-bold">{name}</h1>
          <p className="text-neutral-700 dark:text-neutral-300">
            {user.email} · {roleLabel(user.role)}
          </p>
        </div>
      </header>
      <DetailsSection user={user} />
      <PictureSection name={name} picture={user.profilePicture} />
      <PrivacySection visible={user.visibleToVenues} pending={usePendingIntent('privacy')} />
      <EmailSection kinds={email.kinds} on={email.on} pending={usePendingIntent('email')} />
      <PasswordSection hasPassword={user.hasPassword} />
      <DeleteSection />
    </div>
  )
}

type LoaderUser = ReturnType<typeof useLoaderData<typeof loader>>['user']

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section className="card p-6" aria-labelledby={`${title}-heading`.replace(/\s+/g, '-').toLowerCase()}>
      <h2 id={`${title}-heading`.replace(/\s+/g, '-').toLowerCase()} className="text-xl">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  )
}

function usePendingIntent(intent: Intent) {
  return useIsPending({ fields: { intent } })
}

function DetailsSection({ user }: { user: LoaderUser }) {
  const actionData = useActionData<typeof action>()
  const { constraint } = useLoaderData<typeof loader>()
  const [form, fields] = useServerForm<z.input<typeof profileSchema>>({
    id: 'profile-details',
    lastResult: actionData?.intent === 'details' ? actionData.result : undefined,
    constraint: constraint.details,
    defaultValue: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phone: user.phone ?? '',
      consentToCommunications: user.consentToCommunications ? 'on' : undefined,
    },
  })
  return (
    <Section title="Your details">
      <Form method="post" {...getFormProps(form)}>
        <FormBanner id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="details" />
        <ProfileFields fields={fields} />
        <Button type="submit" pending={usePendingIntent('details')}>
          Save details
        </Button>
      </Form>
    </Section>
  )
}

function PictureSection({ name, picture }: { name: string; picture: string | null }) {
  const actionData = useActionData<typeof action>()
  const errors =
    actionData?.intent === 'picture' && actionData.result?.status === 'error'
      ? (actionData.result.error as Record<string, string[]>).picture
      : undefined
  const uploading = usePendingIntent('picture')
  const removing = usePendingIntent('remove-picture')
  return (
    <Section title="Profile picture" description="JPEG, PNG or WebP, at most 10 MB. We crop it to a square and remove its metadata.">
      <div className="flex flex-wrap items-start gap-6">
        <Avatar name={name} src={picture} size="lg" />
        <Form method="post" encType="multipart/form-data" className="min-w-56 flex-1">
          <input type="hidden" name="intent" value="picture" />
          <label htmlFor="picture" className="block text-sm font-medium">
            Choose an image
          </label>
          <input
            id="picture"
            name="picture"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? 'picture-error' : undefined}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-control file:border-0 file:bg-neutral-200 file:px-3 file:py-2 dark:file:bg-neutral-700 dark:file:text-white"
          />
          <div className="min-h-6 pt-1">
            <ErrorList id="picture-error" errors={errors} />
          </div>
          <div className="flex gap-2">
            <Button type="submit" pending={uploading}>
              Upload
            </Button>
          </div>
        </Form>
        {picture ? (
          <Form method="post">
            <input type="hidden" name="intent" value="remove-picture" />
            <Button type="submit" variant="outline" pending={removing}>
              Remove picture
            </Button>
          </Form>
        ) : null}
      </div>
    </Section>
  )
}

function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const actionData = useActionData<typeof action>()
  const { constraint } = useLoaderData<typeof loader>()
  const [form, fields] = useServerForm<z.input<typeof passwordChangeSchema>>({
    id: 'profile-password',
    lastResult: actionData?.intent === 'password' ? actionData.result : undefined,
    constraint: constraint.password,
  })
  return (
    <Section
      title={hasPassword ? 'Change password' : 'Set a password'}
      description={
        hasPassword
          ? 'Other devices are signed out when you change it.'
          : 'You sign in with Google. A password lets you sign in with your email too.'
      }
    >
      <Form method="post" {...getFormProps(form)} className="max-w-md">
        <input type="hidden" name="intent" value="password" />
        {hasPassword ? (
          <Field
            labelProps={{ children: 'Current password' }}
            inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password' }), autoComplete: 'current-password' }}
            errors={fields.currentPassword.errors}
          />
        ) : null}
        <Field
          labelProps={{ children: 'New password' }}
          hint="At least 6 characters."
          inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.newPassword.errors}
        />
        <Field
          labelProps={{ children: 'Repeat new password' }}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.confirmPassword.errors}
        />
        <Button type="submit" pending={usePendingIntent('password')}>
          {hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </Form>
    </Section>
  )
}

function DeleteSection() {
  const actionData = useActionData<typeof action>()
  const armed = actionData?.intent === 'delete' && 'confirmDelete' in actionData && actionData.confirmDelete === true
  return (
    <Section
      title="Delete account"
      description="Removes your account, your name, contact details and picture. Venue owners and other bookers keep the dates you booked with them, without your details."
    >
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        {armed ? <input type="hidden" name="confirm" value="yes" /> : null}
        <Button type="submit" variant="danger" pending={usePendingIntent('delete')}>
          {armed ? 'Are you sure? Delete my account' : 'Delete my account'}
        </Button>
        {armed ? (
          <p className="mt-2 text-sm text-red-800 dark:text-red-300" role="alert">
            This cannot be undone. Press the button again to delete.
          </p>
        ) : null}
      </Form>
    </Section>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Profile', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
