import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import remixConfig from './remix.config.js'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

// Every page loads React, the Remix runtime and the site shell (header, footer, error screens,
// toasts). Shipped as one chunk they gzip smaller than as a dozen small files, which matters
// against the 100 KB page budget (bench/page-weight.ts, tests/e2e/page-weight.spec.ts).
const RUNTIME = /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[a-z-]+|react-router|react-router-dom|turbo-stream)\/|vite\/preload-helper/
const SHELL = new RegExp(
  '/app/(components/(site-header|site-footer|error-screens|progress-bar|toaster|theme-toggle|avatar|ui/button|ui/icons)|' +
    'lib/(cx|domain|seo|user|theme|notify|use-hydrated|toast|nonce|route-handle))\\.tsx?$',
)

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    target: 'es2022',
    cssMinify: true,
    sourcemap: process.env.SOURCEMAP === '1',
    rollupOptions: isSsrBuild
      ? {}
      : { output: { manualChunks: (id: string) => (RUNTIME.test(id) || SHELL.test(id) ? 'runtime' : undefined) } },
  },
  server: { watch: { ignored: ['**/data/**', '**/test-results/**', '**/playwright-report/**'] } },
  plugins: [tailwindcss(), remix(remixConfig), tsconfigPaths()],
}))
