import { fileURLToPath } from 'node:url'

/** The repository root (four levels above this file, the same from src/ and dist/). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
