// The CPUs a worker may be pinned to (app/server/cluster.server.ts), read from /proc/self/status.
import { describe, expect, test } from 'vitest'
import { allowedCpus } from '~/server/cluster.server'

const status = (list: string) => () => `Name:\tnode\nCpus_allowed:\tf\nCpus_allowed_list:\t${list}\nMems_allowed:\t1\n`

describe('allowedCpus', () => {
  test('reads single CPUs, ranges and lists of both', () => {
    expect(allowedCpus(status('0'))).toEqual([0])
    expect(allowedCpus(status('0-1'))).toEqual([0, 1])
    expect(allowedCpus(status('0-2,4,6-7'))).toEqual([0, 1, 2, 4, 6, 7])
  })

  test('null without the line or the file (not Linux)', () => {
    expect(allowedCpus(() => 'Name:\tnode\n')).toBeNull()
    expect(
      allowedCpus(() => {
        throw new Error('ENOENT')
      }),
    ).toBeNull()
  })
})
