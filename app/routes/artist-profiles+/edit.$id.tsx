import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArtistForm, emptyValues } from '~/components/artist/artist-form'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { Field } from '~/components/ui/field'
import { Button } from '~/components/ui/button'
import { linksText } from '~/features/artists/artist-schemas'
import { seo } from '~/web/seo'
import { deleteArtistProfile, getOwnArtistProfile, setArtistPhoto, updateArtistProfile } from '~/features/artists/artist-profiles.server'
import { DomainError } from '~/core/errors'
import { fieldErrors } from '~/web/form-failure'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { artistValues, photoUpload } from './form.server'
import { actionAttempt, formFailure } from '~/web/form-errors.server'
import { readUploadForm } from '~/web/upload-form.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const profile = await getOwnArtistProfile(user, params.id ?? '')
  return {
    profile: { id: profile.id, slug: profile.slug, name: profile.name, photoUrl: profile.photoUrl },
    values: {
      name: profile.name,
      genres: profile.genres.join(', '),
      hometown: profile.hometown,
      bio: profile.bio,
      links: linksText(profile.links),
      drawEstimate: profile.drawEstimate === null ? '' : String(profile.drawEstimate),
    },
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const profile = await getOwnArtistProfile(user, params.id ?? '')
  const form = await readUploadForm(request)
  if (form instanceof DomainError) return formFailure(form, { values: emptyValues })
  const self = `/artist-profiles/edit/${profile.id}`
  switch (form.get('intent')) {
    case 'photo': {
      const photo = await photoUpload(form)
      if (!photo) return formFailure(new DomainError('Please choose an image to upload.', { field: 'photo' }), { values: emptyValues })
      return actionAttempt(
        async () => {
          await setArtistPhoto(user, profile.id, photo)
          return redirectWithToast(self, { type: 'success', description: 'Photo updated.' })
        },
        { values: emptyValues },
      )
    }
    case 'remove-photo':
      await setArtistPhoto(user, profile.id, null)
      return redirectWithToast(self, { type: 'success', description: 'Photo removed.' })
    case 'delete':
      await deleteArtistProfile(user, profile.id)
      return redirectWithToast('/artist-profiles', { type: 'success', description: `Deleted ${profile.name}.` })
    default: {
      const values = artistValues(form)
      return actionAttempt(
        async () => {
          const updated = await updateArtistProfile(user, profile.id, values)
          return redirectWithToast(`/artists/${updated.slug}`, { type: 'success', description: 'Artist profile saved.' })
        },
        { values },
      )
    }
  }
}

export default function EditArtistProfile() {
  const { profile, values } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const photoErrors = fieldErrors(actionData, 'photo')
  return (
    <>
      <PageHeader eyebrow="Artist profiles" title={`Edit ${profile.name}`}>
        <p>
          Public page:{' '}
          <Link to={`/artists/${profile.slug}`} className="link">
            /artists/{profile.slug}
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
        <ArtistForm initial={values} result={photoErrors ? null : actionData} submitLabel="Save profile" withPhoto={false} />
        <section aria-labelledby="photo-heading" className="space-y-4 card p-6">
          <h2 id="photo-heading" className="text-xl font-semibold">
            Photo
          </h2>
          {profile.photoUrl ? (
            <img src={profile.photoUrl} alt={`${profile.name}`} width={160} height={160} className="size-40 rounded-card object-cover" />
          ) : (
            <p>No photo yet.</p>
          )}
          <Form method="post" encType="multipart/form-data" className="space-y-2">
            <Field
              labelProps={{ children: 'New photo' }}
              hint="JPEG, PNG or WebP, at most 10 MB; cropped to a square."
              inputProps={{ name: 'photo', type: 'file', accept: 'image/jpeg,image/png,image/webp', className: 'py-2', required: true }}
              errors={photoErrors}
            />
            <Button type="submit" name="intent" value="photo" variant="outline">
              Upload photo
            </Button>
          </Form>
          {profile.photoUrl ? (
            <Form method="post">
              <Button type="submit" name="intent" value="remove-photo" variant="outline">
                Remove photo
              </Button>
            </Form>
          ) : null}
        </section>
        <Form method="post" className="card p-6">
          <h2 className="text-xl font-semibold">Delete profile</h2>
          <p className="mt-2 text-neutral-700 dark:text-neutral-300">Bookings that named this profile keep their other details.</p>
          <button
            type="submit"
            name="intent"
            value="delete"
            className="mt-4 h-11 rounded-control border border-red-700 px-4 font-medium text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
          >
            Delete {profile.name}
          </button>
        </Form>
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Edit artist profile', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
