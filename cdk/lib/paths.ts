import { fileURLToPath } from 'node:url';

/** The repository root, resolved from this file so synth works from the root or from cdk/. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FUNCTIONS_SRC = `${REPO_ROOT}functions/src`;
export const LOCK_FILE = `${REPO_ROOT}package-lock.json`;
export const ROOT_TSCONFIG = `${REPO_ROOT}tsconfig.json`;
export const DEFAULT_WEB_ASSET_PATH = `${REPO_ROOT}web/dist`;

/** `tenant/get-tenant-info` -> `/…/functions/src/tenant/get-tenant-info.ts` */
export const handlerEntry = (module: string): string => `${FUNCTIONS_SRC}/${module}.ts`;
