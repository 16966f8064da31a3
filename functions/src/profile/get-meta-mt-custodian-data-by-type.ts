import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { httpApi, ok } from '#lib/http-api';
import { bankViews, ownProfile } from './profile.service.js';

/** The spec's "mt custodian" data: the IRA custodian of each IRA account of the asked IRA type. */
export const handler = httpApi(PROFILE_ROUTES.getMetaMtCustodianDataByType, async ({ session, query }) => {
  const accounts = bankViews(await ownProfile(session, query.profileId));
  return ok({
    items: accounts.flatMap((b) =>
      b.kind === 'IRA' && b.iraType === query.type && b.custodian
        ? [
            {
              bankId: b.bankId,
              iraType: b.iraType,
              status: b.status,
              custodianName: b.custodian.name,
              custodianAccountMasked: b.custodian.accountNumberMasked,
            },
          ]
        : [],
    ),
  });
});
