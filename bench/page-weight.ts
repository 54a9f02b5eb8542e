// Page weight of every public page: `npx tsx bench/page-weight.ts [--url http://localhost:3000]`
// (after `npm run build`). Prints a markdown table of gzipped HTML, CSS and JavaScript per page and
// exits 1 when a page is over budget (100 KB of JavaScript, 50 KB of CSS). The same check runs in
// CI as tests/e2e/page-weight.spec.ts.
import { BUDGET, kb, publicPages, weighPage } from './lib/page-weight'
import { arg, startServer } from './lib/server'

const server = await startServer()
let over = 0
try {
  const pages = await publicPages(server.origin)
  console.log('| page | status | HTML | CSS | JS | JS (Brotli) | JS files |\n|---|---:|---:|---:|---:|---:|---:|')
  for (const page of pages) {
    const w = await weighPage(server.origin, page)
    const bad = w.js > BUDGET.js || w.css > BUDGET.css
    if (bad) over++
    console.log(
      `| ${page} | ${w.status} | ${kb(w.html)} | ${kb(w.css)} | ${w.js ? kb(w.js) : '0 (no JS)'}${bad ? ' ⚠ over budget' : ''} | ${w.js ? kb(w.jsBrotli) : '0'} | ${w.files.filter((f) => f.kind === 'js').length} |`,
    )
    if (arg('files') !== undefined || process.argv.includes('--files')) {
      for (const f of w.files.sort((a, b) => b.gz - a.gz)) console.log(`|   ${f.url} | | | | ${kb(f.gz)} | ${kb(f.br)} | |`)
    }
  }
  console.log(
    `\nBudget: ${kb(BUDGET.js)} JS and ${kb(BUDGET.css)} CSS per page (gzipped). ${over ? `${over} page(s) over budget.` : 'Every page is within budget.'}`,
  )
} finally {
  await server.close()
}
process.exitCode = over ? 1 : 0
