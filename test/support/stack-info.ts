import type { LocalStack } from '../../local/stack.js';

/** What local/start.ts writes to LOCAL_STACK_INFO for the tests and the bench: URL, environment, seeded ids. */
export type StackInfo = Pick<LocalStack, 'url' | 'env' | 'tenants'>;
