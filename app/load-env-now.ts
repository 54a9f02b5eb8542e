// Imported first by server.ts so that .env is in process.env before any other module loads.
import { loadEnvFile } from './load-env'

loadEnvFile()
