import fs from 'node:fs'

/** Reads ./.env into process.env when there is one; variables already set win. */
export function loadEnvFile(path = '.env') {
  if (fs.existsSync(path)) process.loadEnvFile(path)
}

/** Runs a script's main function and turns a failure into a readable message and exit code 1. */
export function run(name: string, main: () => Promise<void>) {
  main().catch((error: unknown) => {
    console.error(`[${name}] failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  })
}
