import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { reachableBinaries, startEmbeddedPostgres } from '~/db/embedded-postgres.server'

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

describe.skipIf(!root)('failures on the way to a server run as root', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-failing-'))
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }))

  test('a system user that cannot be created stops the start with one clear line, and no user is made', async () => {
    const before = process.env.EMBEDDED_POSTGRES_USER
    // useradd itself refusing: a group of the name exists, and --user-group may not take it.
    const taken = `sp-taken-${process.pid}`
    expect(spawnSync('groupadd', ['--system', taken]).status).toBe(0)
    // Then names useradd refuses, and ones it would read as its own options.
    for (const name of [taken, 'bad name', 'x'.repeat(40), '-o', '--help', 'Ab$c']) {
      process.env.EMBEDDED_POSTGRES_USER = name
      try {
        const error = await startEmbeddedPostgres({ dir: path.join(home, 'data'), log: () => {} }).catch((e: unknown) => e as Error)
        expect(error).toBeInstanceOf(Error)
        expect((error as Error).message).toMatch(new RegExp(`^Running as root, and the user .* to run PostgreSQL as could not be created`))
        expect((error as Error).message).not.toContain('\n')
        expect(spawnSync('id', ['-u', '--', name]).status).not.toBe(0)
        expect(fs.existsSync(path.join(home, 'data'))).toBe(false)
      } finally {
        if (before === undefined) delete process.env.EMBEDDED_POSTGRES_USER
        else process.env.EMBEDDED_POSTGRES_USER = before
      }
    }
    spawnSync('groupdel', [taken])
  })

  test('a copy of the binaries that cannot be made says where and why, and leaves no half copy', () => {
    fs.chmodSync(home, 0o700)
    const native = path.join(home, 'native')
    fs.mkdirSync(path.join(native, 'bin'), { recursive: true })
    for (const name of ['postgres', 'initdb']) fs.copyFileSync('/bin/true', path.join(native, 'bin', name))
    const user = { name: 'nobody', uid: id('-u'), gid: id('-g') }
    const bin = { postgres: path.join(native, 'bin', 'postgres'), initdb: path.join(native, 'bin', 'initdb') }
    // The temporary directory is a file: nothing can be made below it (root is not stopped by modes).
    const blocked = path.join(home, 'not-a-directory')
    fs.writeFileSync(blocked, '')
    const before = process.env.TMPDIR
    process.env.TMPDIR = blocked
    try {
      expect(() => reachableBinaries(bin, user)).toThrow(
        /^Running as root, PostgreSQL runs as nobody, who cannot reach .*; copying them to .* failed \(ENOTDIR/,
      )
    } finally {
      if (before === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = before
    }
    expect(fs.readdirSync(home).sort()).toEqual(['native', 'not-a-directory'])
  })
})
