import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { patchCertificate } from './profile-certificate.js';

export const handler = httpApi(PROFILE_ROUTES.patchMetaCertificateInfo, async (ctx) => {
  const { version, certificate, remove } = ctx.body;
  return ok(
    await patchCertificate(
      sessionActor(ctx),
      ctx.query.profileId,
      version,
      certificate.classification,
      certificate.evidence,
      remove === true,
    ),
  );
});
