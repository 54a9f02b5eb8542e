import { getInputProps, type useForm } from '@conform-to/react'
import type { z } from 'zod'
import { CheckboxField, Field } from '~/components/ui/field'
import { PHONE_HINT } from '~/features/accounts/auth-constants'
import type { profileSchema } from '~/features/accounts/profile-schemas'

type ProfileFieldset = ReturnType<typeof useForm<z.input<typeof profileSchema>>>[1]

/** Name, phone and the SMS opt-in: the same fields on /profile and /complete-profile. */
export function ProfileFields({ fields }: { fields: ProfileFieldset }) {
  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'First name' }}
          inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }}
          errors={fields.firstName.errors}
        />
        <Field
          labelProps={{ children: 'Last name' }}
          inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }}
          errors={fields.lastName.errors}
        />
      </div>
      <Field
        labelProps={{ children: 'Phone' }}
        hint={PHONE_HINT}
        inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
        errors={fields.phone.errors}
      />
      <CheckboxField
        labelProps={{ children: 'Opt-in to receive SMS communications (recommended)' }}
        inputProps={getInputProps(fields.consentToCommunications, { type: 'checkbox' })}
        errors={fields.consentToCommunications.errors}
      />
    </>
  )
}
