// Lighthouse 12 (the npm package) driving Debian's Chromium with its default mobile settings
// (Moto G-class device, simulated slow 4G and 4× CPU slowdown): home, search, a venue page and a
// landing page, 3 runs each, median score per category. `npx tsx bench/lighthouse.ts [--runs 3]
// [--url http://…]` after `npm run build`. Not part of CI: scores move with machine load.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { arg, startServer } from './lib/server'

const run = promisify(execFile)
const RUNS = Number(arg('runs') ?? 3)
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const CLI = path.resolve('node_modules/lighthouse/cli/index.js')

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

type Report = {
  categories: Record<string, { score: number | null }>
  audits: Record<string, { numericValue?: number; score: number | null; title: string }>
}

/** Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART): try again. */
async function lighthouse(url: string): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url)
    } catch (error) {
      if (attempt >= 3) throw error
      console.error(
        `[lighthouse] ${url}: ${
          String((error as Error).message)
            .split('\n')
            .at(-2) ?? 'failed'
        }; retrying`,
      )
    }
  }
}

async function lighthouseOnce(url: string): Promise<Report> {
  const out = path.join(os.tmpdir(), `stagepass-lh-${process.pid}-${Date.now()}.json`)
  try {
    await run(
      process.execPath,
      [
        CLI,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
    )
    return JSON.parse(fs.readFileSync(out, 'utf8')) as Report
  } finally {
    fs.rmSync(out, { force: true })
  }
}

const server = await startServer()
try {
  const origin = server.origin
  const found = (await (await fetch(`${origin}/api/v1/venues/search?state=TX&limit=1`)).json()) as {
    data: { venues: { slug: string; citySlug: string; stateCode: string }[] }
  }
  const v = found.data.venues[0]!
  const state = v.stateCode.toLowerCase()
  const pages: Array<[string, string]> = [
    ['home', '/'],
    // The bare page: filtered result pages are noindex on purpose (no crawl traps), which Lighthouse's SEO score counts against them.
    ['search', '/search'],
    ['venue', `/venues/${state}/${v.citySlug}/${v.slug}`],
    ['landing (city)', `/venues/${state}/${v.citySlug}`],
  ]
  console.log(
    `# Lighthouse ${RUNS}× per page, mobile; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  )
  console.log('| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |\n|---|---:|---:|---:|---:|---:|---:|---:|')
  const failing = new Map<string, Set<string>>()
  for (const [name, pathname] of pages) {
    const reports: Report[] = []
    for (let i = 0; i < RUNS; i++) reports.push(await lighthouse(origin + pathname))
    const score = (c: string) => Math.round(median(reports.map((r) => (r.categories[c]?.score ?? 0) * 100)))
    const metric = (a: string) => median(reports.map((r) => r.audits[a]?.numericValue ?? 0))
    console.log(
      `| ${name} (${pathname}) | ${CATEGORIES.map(score).join(' | ')} | ${(metric('largest-contentful-paint') / 1000).toFixed(1)} s | ${Math.round(metric('total-blocking-time'))} ms | ${metric('cumulative-layout-shift').toFixed(3)} |`,
    )
    for (const r of reports)
      for (const [id, audit] of Object.entries(r.audits))
        if (audit.score !== null && audit.score < 0.9 && !id.includes('metric'))
          (failing.get(name) ?? failing.set(name, new Set()).get(name)!).add(audit.title)
  }
  console.log('\nAudits scoring under 0.9 in any run:')
  for (const [name, titles] of failing) console.log(`- ${name}: ${[...titles].join('; ')}`)
} finally {
  await server.close()
}
