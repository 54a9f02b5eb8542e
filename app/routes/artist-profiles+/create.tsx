import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData } from '@remix-run/react'
import { ArtistForm, emptyValues } from '~/components/artist/artist-form'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { seo } from '~/web/seo'
import { createArtistProfileWithPhoto } from '~/features/artists/artist-profiles.server'
import { DomainError } from '~/core/errors'
import { actionAttempt, formFailure } from '~/web/form-errors.server'
import { readUploadForm } from '~/web/upload-form.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { artistValues, photoUpload } from './form.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request)
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const form = await readUploadForm(request)
  if (form instanceof DomainError) return formFailure(form, { values: emptyValues })
  const values = artistValues(form)
  return actionAttempt(
    async () => {
      const created = await createArtistProfileWithPhoto(user, values, await photoUpload(form))
      return redirectWithToast(`/artists/${created.slug}`, { type: 'success', description: 'Artist profile created.' })
    },
    { values },
  )
}

export default function CreateArtistProfile() {
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader eyebrow="Artist profiles" title="Create an artist profile">
        <p>
          Venues see it when you attach it to a booking request.{' '}
          <Link to="/artist-profiles" className="link">
            Your profiles
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ArtistForm initial={emptyValues} result={actionData} submitLabel="Create profile" withPhoto />
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Create an artist profile', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
