/**
 * `npm run backfill -- --job <investment-summaries|call-notice-pdfs> [--tenant <prefix>]... [--api <base url>]`
 *
 * Runs one of the money backfills (docs/money.md "Backfills") through the platform operator's route
 * (POST /api/backfills/{backfill}) of the local stack (default http://localhost:3000) or of a
 * deployment (`--api https://<the portal's address>`): every tenant (GET /api/tenants) or the ones
 * named by prefix, each step after the other with the cursor of the last, printing what each tenant needed.
 * Safe to run again: a step writes only what is still missing.
 *
 * The operator key: TRANCHE_OPERATOR_KEY, else (local stack only) `.local/operator-key`, which
 * `npm start` writes, as for `npm run tenant:create`.
 */
import { BACKFILLS, type BackfillStep } from '@tranche/shared/money/backfill.schema';
import { fail, operatorTarget, parseCommand } from './operator-client.js';

const usage = `Usage: npm run backfill -- --job <${BACKFILLS.join('|')}> [--tenant <prefix>]... [--api <base url>]`;

const values = parseCommand({ job: { type: 'string' }, tenant: { type: 'string', multiple: true } }, usage);
const job = values.job as (typeof BACKFILLS)[number] | undefined;
if (!job || !BACKFILLS.includes(job)) fail(`--job: one of ${BACKFILLS.join(', ')}\n${usage}`);
const { api, operatorKey } = operatorTarget(values.api);

const send = async <T>(method: 'GET' | 'POST', path: string, query: Record<string, string | undefined>): Promise<T> => {
  const url = new URL(`/api${path}`, api);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${operatorKey()}`, 'accept-language': 'en' },
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    return fail(`Could not reach ${api.origin}: ${(error as Error).message}`);
  }
  const answer = (await res.json().catch(() => ({}))) as T & { code?: string; message?: string };
  if (!res.ok) fail(`${method} ${url.pathname} refused (${res.status} ${answer.code ?? ''}): ${answer.message ?? ''}`);
  return answer;
};

/** Every tenant of the deployment, page by page (the operator's list). */
const allTenants = async (): Promise<string[]> => {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await send<{ items: { prefix: string }[]; nextCursor?: string }>('GET', '/tenants', {
      limit: '100',
      cursor,
    });
    ids.push(...page.items.map((t) => t.prefix));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
};

const tenants = values.tenant ?? (await allTenants());
for (const tenant of tenants) {
  const total = { examined: 0, changed: 0, skipped: 0, steps: 0 };
  let cursor: string | undefined;
  do {
    const step = await send<BackfillStep>('POST', `/backfills/${job}`, { tenant, cursor });
    total.examined += step.examined;
    total.changed += step.changed;
    total.skipped += step.skipped;
    total.steps += 1;
    cursor = step.nextCursor;
  } while (cursor);
  console.log(
    `${job} ${tenant}: ${total.examined} examined, ${total.changed} changed, ${total.skipped} changed meanwhile (run again for those), ${total.steps} steps`,
  );
}
