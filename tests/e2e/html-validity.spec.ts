// The Nu HTML Checker (vnu-jar, Java) on the server-rendered HTML of every public page of the
// route table, plus a venue page and a city landing page: no errors. One JVM for all pages.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { ROUTE_TABLE } from '~/features/accounts/route-access'
import { expect, test } from './fixtures'

test.skip(process.env.E2E_SEED_ON_START === 'false', 'checks real venue pages of the seeded data')
test.skip(!fs.existsSync('/usr/bin/java'), 'needs java (/usr/bin/java)')

const VNU = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar')

test('the Nu HTML Checker finds no errors on the public pages', { tag: '@chromium' }, async ({ request }) => {
  test.setTimeout(120_000)
  const search = await request.get('/api/v1/venues/search?limit=1&city=Austin')
  const venue = ((await search.json()) as { data: { venues: Array<{ id: string; slug: string; citySlug: string; stateCode: string }> } })
    .data.venues[0]!
  const state = venue.stateCode.toLowerCase()
  const urls = [
    ...new Set([
      ...ROUTE_TABLE.filter((rule) => rule.access === 'public').map((rule) =>
        rule.example.replace(/^\/(book|claim)\/[0-9a-f]{24}$/, `/$1/${venue.id}`),
      ),
      `/venues/${state}/${venue.citySlug}/${venue.slug}`,
      `/venues/${state}/${venue.citySlug}`,
      `/venues/${state}`,
      '/search?q=austin',
    ]),
  ]
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-vnu-'))
  const files = new Map<string, string>()
  try {
    for (const [index, url] of urls.entries()) {
      const response = await request.get(url)
      if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue
      const file = path.join(dir, `page-${index}.html`)
      fs.writeFileSync(file, await response.body())
      files.set(`file:${file}`, url)
    }
    expect(files.size).toBeGreaterThan(30)
    // vnu exits 1 when it reports errors; the JSON report is on stderr either way.
    const { stderr } = await promisify(execFile)(
      '/usr/bin/java',
      ['-Xss8m', '-jar', VNU, '--errors-only', '--format', 'json', ...files.keys()].map((a) => a.replace(/^file:/, '')),
      {
        maxBuffer: 32 * 1024 * 1024,
      },
    ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }))
    const report = JSON.parse(stderr || '{"messages":[]}') as {
      messages: Array<{ type: string; url: string; message: string; lastLine?: number; extract?: string }>
    }
    const errors = report.messages
      .filter((m) => m.type === 'error')
      .map((m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? '?'} ${m.message}`)
    expect(errors).toEqual([])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
