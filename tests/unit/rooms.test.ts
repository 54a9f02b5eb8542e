import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'

// The rooms checker of `npm run lint` (.dependency-cruiser.cjs, docs/architecture.md "Rooms") run on
// a small tree of its own: right arrows pass, and each kind of wrong arrow fails with its rule's name.

const run = promisify(execFile)
const CONFIG = path.resolve('.dependency-cruiser.cjs')
const BIN = path.resolve('node_modules/.bin/depcruise')
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

async function cruise(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rooms-'))
  dirs.push(dir)
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir')
  const tsconfig = { compilerOptions: { baseUrl: '.', module: 'ESNext', moduleResolution: 'Bundler', paths: { '~/*': ['./app/*'] } } }
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig))
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
  try {
    await run(BIN, ['app', '--config', CONFIG, '--output-type', 'err'], { cwd: dir })
    return { ok: true, output: '' }
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    return { ok: false, output: stdout + stderr }
  }
}

const RIGHT = {
  'app/core/dates.ts': 'export const DAY = 1\n',
  'app/db/client.server.ts': "import { sql } from 'drizzle-orm'\nimport { DAY } from '~/core/dates'\nexport const db = { sql, DAY }\n",
  'app/features/venues/venues.server.ts': "import { db } from '~/db/client.server'\nexport const venues = () => db\n",
  'app/features/venues/venue-urls.ts':
    "import { DAY } from '../../core/dates'\nexport const venueUrl = (id: string) => `/venues/${id}/${DAY}`\n",
  'app/features/bookings/bookings.server.ts':
    "import { venues } from '~/features/venues/venues.server'\nexport const book = () => venues()\n",
  'app/routes/venues.tsx':
    "import { venues } from '~/features/venues/venues.server'\nimport { venueUrl } from '~/features/venues/venue-urls'\nexport const loader = () => [venues(), venueUrl('x')]\n",
}

test('a tree whose arrows follow the rooms passes', { timeout: 60_000 }, async () => {
  const result = await cruise(RIGHT)
  expect(result.output).toBe('')
  expect(result.ok).toBe(true)
})

test.each([
  ['core-imports-nothing', { 'app/core/money.ts': "import { venueUrl } from '~/features/venues/venue-urls'\nexport const m = venueUrl\n" }],
  ['pages-reach-the-database-through-features', { 'app/routes/r.ts': "export const loader = () => import('~/db/client.server')\n" }],
  ['drivers-only-in-services', { 'app/components/c.ts': "import { sql } from 'drizzle-orm'\nexport const c = sql\n" }],
  [
    'browser-code-stays-off-the-server',
    { 'app/features/venues/format.ts': "import { venues } from './venues.server'\nexport const f = venues\n" },
  ],
  [
    'seed-is-a-script',
    {
      'app/features/venues/names.server.ts': "import { n } from '~/seed/names'\nexport const x = n\n",
      'app/seed/names.ts': 'export const n = 1\n',
    },
  ],
  [
    'no-cycles-between-rooms',
    {
      'app/web/a.ts': "import { b } from '~/hooks/b'\nexport const a = () => b\n",
      'app/hooks/b.ts': "import { a } from '~/web/a'\nexport const b = () => a\n",
    },
  ],
  [
    'no-cycles-between-subjects',
    {
      'app/features/bookings/holds.server.ts':
        "import { listed } from '~/features/venues/listing.server'\nexport const hold = () => listed\n",
      'app/features/venues/listing.server.ts':
        "import { hold } from '~/features/bookings/holds.server'\nexport const listed = () => hold\n",
    },
  ],
  [
    'no-cycles-between-subjects',
    {
      'app/features/venues/a.server.ts': "import { b } from '~/features/bookings/b.server'\nexport const a = () => b\n",
      'app/features/bookings/b.server.ts': "import { c } from '~/features/tours/c.server'\nexport const b = () => c\n",
      'app/features/tours/c.server.ts': "import { a } from '~/features/venues/a.server'\nexport const c = () => a\n",
    },
  ],
])('a wrong arrow fails: %s', { timeout: 60_000 }, async (rule, wrong) => {
  const result = await cruise({ ...RIGHT, ...wrong })
  expect(result.ok).toBe(false)
  expect(result.output).toContain(rule)
})
