import { type RouteConfig } from '@remix-run/route-config'
import { remixRoutesOptionAdapter } from '@remix-run/routes-option-adapter'
import { routes } from '../remix.config.js'

export default remixRoutesOptionAdapter(routes) satisfies RouteConfig
