import { Form } from '@remix-run/react'
import { FormBanner } from '~/components/auth-card'
import { Button } from '~/components/ui/button'
import { Field, TextareaField } from '~/components/ui/field'
import { useIsPending } from '~/hooks/pending'
import { errorsByField, failureOf } from '~/web/form-failure'

export type ArtistValues = { name: string; genres: string; hometown: string; bio: string; links: string; drawEstimate: string }
export const emptyValues: ArtistValues = { name: '', genres: '', hometown: '', bio: '', links: '', drawEstimate: '' }

/** Name, genres, hometown, bio, links, draw and (on create) a photo: one plain multipart form. */
export function ArtistForm({
  initial,
  result,
  submitLabel,
  withPhoto,
}: {
  initial: ArtistValues
  /** The action's answer: a refusal comes back with the values as typed. */
  result: unknown
  submitLabel: string
  withPhoto: boolean
}) {
  const values = { ...initial, ...(failureOf(result)?.initialValue as Partial<ArtistValues> | undefined) }
  const errors = errorsByField(result) ?? {}
  const pending = useIsPending({ fields: { intent: 'save' }, state: 'non-idle' })
  return (
    <Form method="post" encType={withPhoto ? 'multipart/form-data' : undefined} className="space-y-1 card p-6">
      <FormBanner id="artist-form-errors" errors={errors['']} />
      <Field
        labelProps={{ children: 'Artist or band name' }}
        inputProps={{ name: 'name', defaultValue: values.name, required: true, maxLength: 100, autoComplete: 'off' }}
        errors={errors.name}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Genres' }}
          hint="Comma-separated, e.g. indie rock, folk."
          inputProps={{ name: 'genres', defaultValue: values.genres }}
          errors={errors.genres}
        />
        <Field
          labelProps={{ children: 'Hometown' }}
          inputProps={{ name: 'hometown', defaultValue: values.hometown, maxLength: 100, placeholder: 'Austin, TX' }}
          errors={errors.hometown}
        />
      </div>
      <Field
        labelProps={{ children: 'Typical draw (optional)' }}
        hint="How many people usually come to your shows."
        inputProps={{ name: 'drawEstimate', type: 'number', min: 0, step: 1, inputMode: 'numeric', defaultValue: values.drawEstimate }}
        errors={errors.drawEstimate}
      />
      <TextareaField
        labelProps={{ children: 'Bio' }}
        textareaProps={{ name: 'bio', defaultValue: values.bio, rows: 6, maxLength: 5000 }}
        errors={errors.bio}
      />
      <TextareaField
        labelProps={{ children: 'Links' }}
        hint="One a line: a label and a web address, e.g. Bandcamp https://example.bandcamp.com"
        textareaProps={{ name: 'links', defaultValue: values.links, rows: 3 }}
        errors={errors.links}
      />
      {withPhoto ? (
        <Field
          labelProps={{ children: 'Photo (optional)' }}
          hint="JPEG, PNG or WebP, at most 10 MB; cropped to a square."
          inputProps={{ name: 'photo', type: 'file', accept: 'image/jpeg,image/png,image/webp', className: 'py-2' }}
          errors={errors.photo}
        />
      ) : null}
      <div className="pt-2">
        <Button type="submit" name="intent" value="save" pending={pending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}
