import type { TestProject } from 'vitest/node'
import { connect } from '~/db/client.server'
import { throwawayPostgres } from '~/db/embedded-postgres.server'
import { builtServerIsCurrent } from './built-server'
import { scratchDatabase } from './scratch-database'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of this run and its migrated template database (see tests/support/db.ts). */
    testDatabase: { serverUrl: string; template: string }
    /** Whether the server build is newer than its sources (tests/support/built-server.ts), decided once for the run. */
    builtServerCurrent: boolean
  }
}

/**
 * Vitest globalSetup of the integration project: the server is TEST_DATABASE_URL's, or else a
 * throw-away embedded PostgreSQL started here (app/db/embedded-postgres.server.ts). One database
 * is migrated once as a template; each test file gets a copy of it (CREATE DATABASE ... TEMPLATE),
 * which skips running the migrations per file.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL
  const server = given ? null : await throwawayPostgres()
  const serverUrl = given || server!.adminUrl
  const template = await scratchDatabase(serverUrl, 'stagepass_template')
  const conn = await connect({ databaseUrl: template.url })
  try {
    await conn.migrate()
  } finally {
    await conn.close()
  }
  project.provide('testDatabase', { serverUrl, template: template.name })
  // Walking app/ once here instead of in every file that starts an app server.
  project.provide('builtServerCurrent', builtServerIsCurrent())
  return async () => {
    await template.drop()
    await server?.stop()
  }
}
