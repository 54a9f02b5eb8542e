import { describe, expect, it } from 'vitest'
import os from 'node:os'
import { parse, threadsFor } from '../../bench/lib/wrk'

// What wrk 4.1 (Debian's package) prints with --latency, as bench/load.ts reads it.
const report = `Running 10s test @ http://127.0.0.1:3470
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    12.70ms   20.87ms 222.73ms   94.53%
    Req/Sec     4.00k   439.19     4.61k    81.00%
  Latency Distribution
     50%  850.00us
     75%    9.81ms
     90%   28.43ms
     99%    1.57s
  39831 requests in 10.01s, 296.35MB read
  Non-2xx or 3xx responses: 12
  Socket errors: connect 0, read 3, write 0, timeout 2
Requests/sec:   3979.74
Transfer/sec:     29.61MB
`

describe('the wrk report', () => {
  it('reads requests, rate, percentiles in any unit, non-2xx and socket errors', () => {
    expect(parse(report)).toEqual({ rps: 3979.74, total: 39831, p50: 1, p99: 1570, non2xx: 12, errors: 5 })
  })

  it('reads a clean run as no errors', () => {
    const clean = report.replace(/ {2}Non-2xx.*\n/, '').replace(/ {2}Socket errors.*\n/, '')
    expect(parse(clean)).toMatchObject({ non2xx: 0, errors: 0 })
  })

  it('refuses output it cannot read rather than reporting zeros', () => {
    expect(() => parse('unable to connect to 127.0.0.1:3470 Connection refused')).toThrow(/unreadable|percentile/)
  })
})

describe('threadsFor', () => {
  it('one wrk thread per core it may run on', () => {
    expect(threadsFor('0')).toBe(1)
    expect(threadsFor('1')).toBe(1)
    expect(threadsFor('0-1')).toBe(2)
    expect(threadsFor('0,2-3')).toBe(3)
    expect(threadsFor(undefined)).toBe(os.availableParallelism())
  })
})
