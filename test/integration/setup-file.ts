import { beforeAll } from 'vitest';
import { clearThrottles } from '../support/identity.js';

/**
 * Before each integration file: the per-IP auth throttle starts at zero. Every file signs in and up from
 * the loopback address on one shared stack, so a file's `beforeAll` (before any `beforeEach` reset) could
 * otherwise meet the counters the files before it left in the same minute, and which files come before
 * which changes with Vitest's timing cache (bank-accounts.test.ts met a 429 that way).
 */
beforeAll(clearThrottles);
