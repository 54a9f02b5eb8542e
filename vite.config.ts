import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import MagicString from 'magic-string'
import { defineConfig, type Plugin } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import remixConfig from './remix.config.js'
import { precompress } from './vite/precompress'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

// Every page loads React, the Remix runtime and the site shell (header, footer, error screens,
// toasts). Shipped as one chunk they gzip smaller than as a dozen small files, which matters
// against the 100 KB page budget (bench/page-weight.ts, tests/e2e/page-weight.spec.ts).
const RUNTIME =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[a-z-]+|react-router|react-router-dom|turbo-stream)\/|vite\/preload-helper/
const SHELL = new RegExp(
  '/app/(components/(site-header|site-footer|error-screens|progress-bar|toaster|theme-toggle|avatar|unread-badge|upgrade-text|ui/button|ui/icons)|' +
    'core/(cx|theme|toast)|web/(seo|nonce|route-handle)|hooks/(use-hydrated|root-data|pending|early-events)|' +
    'features/(accounts/user|notifications/notify|analytics/track))\\.tsx?$',
)

// Rollup puts every static import of a manual chunk's modules into that chunk too, even one that
// is only used on the server: the error screens, which pages load when they show an error
// (components/error-screens.tsx), are named apart so they stay out of the runtime.
const ON_DEMAND = /\/app\/components\/error-screen-views\.tsx$/
function manualChunks(id: string) {
  if (ON_DEMAND.test(id)) return 'error-screens'
  return RUNTIME.test(id) || SHELL.test(id) ? 'runtime' : undefined
}

// The license headers esbuild keeps in minified chunks (React's, Remix's, …) are 0.6 KB of every
// page's gzipped JavaScript. They move, word for word, into one file shipped beside the assets,
// /third-party-licenses.txt, which the chunks point to. (Only block comments laid out as license
// headers match, never code: `node --check` passes on every chunk.)
const LEGAL_COMMENT = /\/\*[!*]\n(?:[ \t]*\*.*\n)*?[ \t]*\*\//g
function licensesFile(): Plugin {
  const notices = new Set<string>()
  return {
    name: 'stagepass:licenses-file',
    apply: 'build',
    renderChunk: {
      // Before the minifier, which would drop or merge some of them.
      order: 'pre',
      handler(code) {
        const s = new MagicString(code)
        let found = false
        for (const match of code.matchAll(LEGAL_COMMENT)) {
          if (!match[0].startsWith('/*!') && !/@(license|preserve)\b/.test(match[0])) continue
          found = true
          notices.add(match[0].trim())
          s.remove(match.index, match.index + match[0].length)
        }
        if (!found) return null
        s.append('\n/*! Licenses: /third-party-licenses.txt */')
        return { code: s.toString(), map: s.generateMap({ hires: 'boundary' }) }
      },
    },
    generateBundle() {
      if (notices.size > 0) this.emitFile({ type: 'asset', fileName: 'third-party-licenses.txt', source: [...notices].join('\n\n') + '\n' })
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    target: 'es2022',
    // Terser with two passes writes the client chunks about 1 KB (gzipped) smaller per page than
    // esbuild's minifier, which keeps every page within its 100 KB budget; the server build is not
    // shipped, so it keeps esbuild's speed.
    minify: isSsrBuild ? 'esbuild' : 'terser',
    // License notices were moved to /third-party-licenses.txt before (licensesFile); 'some' keeps the pointer to it.
    terserOptions: { compress: { passes: 2 }, format: { comments: 'some' } },
    cssMinify: true,
    sourcemap: process.env.SOURCEMAP === '1',
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks } },
  },
  server: { watch: { ignored: ['**/data/**', '**/test-results/**', '**/playwright-report/**'] } },
  plugins: [tailwindcss(), remix(remixConfig), tsconfigPaths(), ...(isSsrBuild ? [] : [licensesFile(), precompress()])],
}))
