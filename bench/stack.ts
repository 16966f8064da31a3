import type { StackInfo } from '../test/support/stack-info.js';

/**
 * What a bench against the local stack starts with. The stack's environment goes into this process
 * first: the handler and service modules read the table and endpoints when they are loaded, so they
 * are imported only after it. Then the table, the first tenant, and the modules every bench uses to
 * write items and sign in (keys, ids, sessions, cookie names).
 */
export const benchStack = async (info: StackInfo) => {
  Object.assign(process.env, info.env);
  const { keys } = await import('../functions/src/_lib/db/keys.js');
  const { newId } = await import('../functions/src/_lib/ids.js');
  const { createSession } = await import('../functions/src/_lib/session.js');
  const cookies = await import('../functions/src/_lib/cookies.js');
  return {
    keys,
    newId,
    createSession,
    cookies,
    table: info.env.TABLE_NAME as string,
    tenant: info.tenants[0] as StackInfo['tenants'][number],
  };
};
