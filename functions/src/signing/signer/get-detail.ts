import { SIGN_ROUTES } from '@tranche/shared/http/routes/sign.routes';
import { httpApi, ok } from '#lib/http-api';
import { factsOf } from './facts.js';
import { getDetail } from './view.service.js';

export const handler = httpApi(SIGN_ROUTES.getSignDetail, async (ctx) => ok(await getDetail(factsOf(ctx), ctx.query)));
