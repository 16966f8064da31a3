import { brandingWarnings } from '@tranche/shared/tenant/colour';
import type { Branding, BrandingInfo, TenantConfig, TenantInfo } from '@tranche/shared/tenant/tenant.schema';
import type { Actor } from '#lib/audit';
import { deleteLogo, logoUrl, verifyLogoUpload } from './logo.js';
import { readTenant, type TenantRecord, updateTenantSection } from './tenant.repo.js';
import { currencyPolicyOf } from './tenant.service.js';

/**
 * What shows a tenant's logo (signed links to the data room): apart from tenant.service.ts so that
 * only these handlers carry the S3 client.
 */
const brandingInfo = async (t: TenantRecord): Promise<BrandingInfo> =>
  t.logo ? { ...t.branding, logoUrl: await logoUrl(t.logo) } : t.branding;

/** The public face of a tenant: what any visitor of its portal may see. */
export const toTenantInfo = async (t: TenantRecord): Promise<TenantInfo> => ({
  tenantId: t.tenantId,
  prefix: t.prefix,
  domains: t.domains,
  branding: await brandingInfo(t),
  languages: t.languages,
  defaultLanguage: t.defaultLanguage,
  currencies: t.currencies,
  defaultCurrency: t.defaultCurrency,
});

/** Everything the console's settings area shows, with each section's revision. */
export const toTenantConfig = async (t: TenantRecord): Promise<TenantConfig> => ({
  tenantId: t.tenantId,
  prefix: t.prefix,
  domains: t.domains,
  branding: await brandingInfo(t),
  brandingWarnings: brandingWarnings(t.branding),
  languages: t.languages,
  defaultLanguage: t.defaultLanguage,
  currencyPolicy: currencyPolicyOf(t),
  features: t.features,
  revisions: t.revisions,
});

export const updateBranding = async (
  actor: Actor,
  input: Branding & { logo: 'keep' | 'remove' | { uploadId: string }; revision: string },
) => {
  const before = await readTenant(actor.tenantId);
  const { logo, revision: seen, ...branding } = input;
  const newLogo = typeof logo === 'object' ? await verifyLogoUpload(actor.tenantId, logo.uploadId) : undefined;
  const replaced = logo !== 'keep' && before.logo?.key !== newLogo?.key ? before.logo : undefined;
  const revision = await updateTenantSection(
    actor.tenantId,
    'branding',
    seen,
    {
      set: newLogo ? { branding, logo: newLogo } : { branding },
      ...(logo === 'remove' ? { remove: ['logo' as const] } : {}),
      audit: {
        action: 'BRANDING_UPDATED',
        data: {
          from: { branding: before.branding, logo: before.logo?.key ?? null },
          to: { branding, logo: newLogo?.key ?? (logo === 'keep' ? (before.logo?.key ?? null) : null) },
        },
      },
    },
    actor,
  );
  // Only once the change is committed: a refused change leaves the current logo in place.
  if (replaced) await deleteLogo(replaced);
  const after = await readTenant(actor.tenantId);
  return { branding: await brandingInfo(after), revision, warnings: brandingWarnings(after.branding) };
};
