import { expect, test } from 'vitest'
import { action } from '~/routes/resources+/theme'
import { formRequest } from '../support/users'

const post = (fields: Record<string, string>) => action({ request: formRequest('http://localhost/resources/theme', fields), params: {}, context: {} })

test('a bad theme is a 400, not a 500, and sets no cookie', async () => {
  const result = (await post({ theme: 'purple' })) as unknown as { data: { error: string }; init: { status: number } }
  expect(result.init.status).toBe(400)
  expect(result.data.error).toBe('Theme must be light or dark.')
})

test('without JavaScript the form returns to a same-site page only', async () => {
  const back = (await post({ theme: 'dark', redirectTo: '/pricing' })) as Response
  expect(back.headers.get('Location')).toBe('/pricing')
  expect(back.headers.get('Set-Cookie')).toMatch(/^sp_theme=/)
  const evil = (await post({ theme: 'dark', redirectTo: '//evil.example' })) as Response
  expect(evil.headers.get('Location')).toBe('/')
})
