// Checks the client build: the Vapi SDK chunk must never be in the first-load JavaScript of any
// route (the Remix manifest's entry, route modules and their static imports); it may only be
// reached through a dynamic import(). Run after `npm run build`: node scripts/check-lazy-vapi.mjs
import fs from 'node:fs'
import path from 'node:path'

const dir = 'build/client/assets'
const files = fs.readdirSync(dir)
const manifestFile = files.find((f) => /^manifest-.*\.js$/.test(f))
if (!manifestFile) throw new Error('No Remix manifest in build/client/assets: run npm run build first')
const manifest = JSON.parse(
  fs
    .readFileSync(path.join(dir, manifestFile), 'utf8')
    .replace(/^window\.__remixManifest=/, '')
    .replace(/;\s*$/, ''),
)

// The SDK chunk: the one file that defines the Vapi class (its error text is unique to the SDK).
const sdk = files.filter(
  (f) => f.endsWith('.js') && fs.readFileSync(path.join(dir, f), 'utf8').includes('Assistant or Squad or Workflow must be provided'),
)
if (sdk.length !== 1) throw new Error(`Expected one chunk with the Vapi SDK, found ${sdk.length}: ${sdk.join(', ')}`)
const sdkFile = `/assets/${sdk[0]}`

const staticImports = (file) => {
  const text = fs.readFileSync(path.join(dir, path.basename(file)), 'utf8')
  return [...text.matchAll(/(?:^|[;\s])import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+)["']/g)].map((m) => `/assets/${m[1]}`)
}
const closure = (start) => {
  const seen = new Set()
  const stack = [...start]
  while (stack.length) {
    const f = stack.pop()
    if (seen.has(f)) continue
    seen.add(f)
    stack.push(...staticImports(f))
  }
  return seen
}

const offenders = []
const entry = closure([manifest.entry.module, ...manifest.entry.imports])
if (entry.has(sdkFile)) offenders.push('entry')
for (const [id, route] of Object.entries(manifest.routes)) {
  const first = closure([route.module, ...(route.imports ?? [])])
  if (first.has(sdkFile)) offenders.push(id)
}
if (offenders.length) {
  console.error(`The Vapi SDK (${sdkFile}) is in the first-load JavaScript of: ${offenders.join(', ')}`)
  process.exit(1)
}
const kb = (fs.statSync(path.join(dir, sdk[0])).size / 1024).toFixed(0)
console.log(
  `ok: the Vapi SDK chunk ${sdkFile} (${kb} KB) is loaded by no route's first-load JavaScript (${Object.keys(manifest.routes).length} routes checked)`,
)
