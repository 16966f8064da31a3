import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { enrolTotp } from './mfa.service.js';

export const handler = httpApi(route('enrolTotp'), async (ctx) => ok(await enrolTotp(portalCtx(ctx), ctx.session)));
