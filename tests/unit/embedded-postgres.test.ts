import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { reachableBinaries } from '~/db/embedded-postgres.server'

// Run as root, the embedded PostgreSQL is an unprivileged user (docs/decisions/036): a checkout
// that user cannot enter (a clone under /root) must still start, from a copy of the binaries.
const root = process.getuid?.() === 0
const id = (flag: string) => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim())

describe.skipIf(!root)('binaries below a directory the server user cannot enter', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-closed-'))
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }))

  test('are copied where that user can run them, with the tree beside them', () => {
    fs.chmodSync(home, 0o700)
    const native = path.join(home, 'native')
    fs.mkdirSync(path.join(native, 'bin'), { recursive: true })
    fs.mkdirSync(path.join(native, 'share'), { recursive: true })
    for (const name of ['postgres', 'initdb']) fs.copyFileSync('/bin/true', path.join(native, 'bin', name))
    fs.writeFileSync(path.join(native, 'share', 'postgres.bki'), 'x')
    const user = { name: 'nobody', uid: id('-u'), gid: id('-g') }
    const bin = { postgres: path.join(native, 'bin', 'postgres'), initdb: path.join(native, 'bin', 'initdb') }

    const found = reachableBinaries(bin, user)
    expect(found.postgres).not.toBe(bin.postgres)
    expect(spawnSync(found.postgres, [], { uid: user.uid, gid: user.gid }).status).toBe(0)
    expect(fs.existsSync(path.join(path.dirname(path.dirname(found.postgres)), 'share', 'postgres.bki'))).toBe(true)
    // A second start finds the copy made by the first.
    expect(reachableBinaries(bin, user)).toEqual(found)
    fs.rmSync(path.dirname(path.dirname(found.postgres)), { recursive: true, force: true })
  })

  test('stay where they are when that user can reach them', () => {
    const user = { name: 'nobody', uid: id('-u'), gid: id('-g') }
    const bin = { postgres: '/bin/true', initdb: '/bin/true' }
    expect(reachableBinaries(bin, user)).toBe(bin)
  })
})
