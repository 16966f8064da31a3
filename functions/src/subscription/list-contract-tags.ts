import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { contractTagList } from '@tranche/shared/subscription/contract-tags';
import { httpApi, ok } from '#lib/http-api';

/** The contract tags a template may use (docs/subscriptions.md "Contract tags"): a fixed list, labelled in the request's language. */
export const handler = httpApi(SUBSCRIPTION_ROUTES.listContractTags, async ({ lang }) =>
  ok(contractTagList(lang), { headers: { 'cache-control': 'private, max-age=300' } }),
);
