import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { customFieldCatalogue } from '@tranche/shared/scenario/catalogue';
import { httpApi, ok } from '#lib/http-api';

export const handler = httpApi(SCENARIO_ROUTES.getCustomFields, async () => ok(customFieldCatalogue()));
