import { Field, type ListOfErrors } from '~/components/ui/field'
import type { SearchField, SearchFieldErrors } from '~/features/search/search-params'

// Labelled fields for the search pages' GET forms. Values are the raw query values, so a bad one
// stays in its box next to its message; the names are the API's parameter names.

export type SearchValues = Record<string, string | string[]>
export type FieldsProps = { values: SearchValues; errors: SearchFieldErrors | null; idPrefix: string }

export const one = (values: SearchValues, name: SearchField) => {
  const v = values[name]
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '')
}
export const errs = (errors: SearchFieldErrors | null, name: SearchField): ListOfErrors => errors?.[name]

export function QueryField({ values, errors, idPrefix, className }: FieldsProps & { className?: string }) {
  return (
    <Field
      className={className}
      labelProps={{ children: 'Search' }}
      inputProps={{
        id: `${idPrefix}-q`,
        name: 'q',
        type: 'search',
        defaultValue: one(values, 'q'),
        placeholder: 'e.g. jazz club nashville',
        maxLength: 200,
        enterKeyHint: 'search',
      }}
      errors={errs(errors, 'q')}
    />
  )
}

/** The city box: read as every city field reads a city (app/features/search/city-resolution.ts). */
export function CityField({ values, errors, idPrefix, className }: FieldsProps & { className?: string }) {
  return (
    <Field
      className={className}
      labelProps={{ children: 'City' }}
      inputProps={{
        id: `${idPrefix}-city`,
        name: 'city',
        defaultValue: one(values, 'city'),
        placeholder: 'Austin, TX',
        autoComplete: 'address-level2',
      }}
      errors={errs(errors, 'city')}
    />
  )
}

/**
 * Parameters of the URL that the form has no field for (lat/lng from a link, the enhanced
 * search's filters on the simple form), kept on submit. A bad one is dropped: it has no box to be
 * corrected in, and the summary above the form has named it.
 */
export function HiddenValues({ values, names, errors }: { values: SearchValues; names: SearchField[]; errors?: SearchFieldErrors | null }) {
  return (
    <>
      {names
        .filter((name) => !errors?.[name])
        .flatMap((name) =>
          ([] as string[])
            .concat(values[name] ?? [])
            .map((value, i) => <input key={`${name}-${i}`} type="hidden" name={name} value={value} />),
        )}
    </>
  )
}
