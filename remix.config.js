// The one home of the Remix options. vite.config.ts hands the default export to the Remix
// Vite plugin, and app/routes.ts applies `routes` (the route convention) through the
// routes-option adapter, because the v3_routeConfig flag moves route discovery into routes.ts.
import { flatRoutes } from 'remix-flat-routes'

export const ignoredRouteFiles = [
  '**/.*',
  '**/*.css',
  '**/*.test.{js,jsx,ts,tsx}',
  '**/__*.*',
  // Helpers that sit next to the route they belong to are not routes.
  '**/*.server.{js,ts}',
  '**/*.client.{js,ts}',
]

/** @param {import('@remix-run/routes-option-adapter').DefineRoutesFunction} defineRoutes */
export function routes(defineRoutes) {
  // The end-to-end fixtures' route lives outside routes/, so no page can import it by mistake and
  // the route folder holds only the product's pages; it answers 404 unless the tests enabled it.
  const testOnly = defineRoutes((route) => route('resources/test-fixtures', 'test-routes/test-fixtures.ts'))
  return { ...flatRoutes('routes', defineRoutes, { ignoredRouteFiles }), ...testOnly }
}

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  serverModuleFormat: 'esm',
  ignoredRouteFiles: ['**/*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
  },
}
