import useSWR, { useSWRConfig } from 'swr';
import { type ApiBody, apiFetch } from '@/lib/api';

// Under 'session': only the GP team may read it.
export const tenantConfigKey = () => ['session', 'tenant-config'] as const;

export const useTenantConfig = () => useSWR(tenantConfigKey(), () => apiFetch('getTenantConfig'));

/**
 * After a configuration change: the settings area, and every public view of the tenant (its info,
 * which themes the app, LP settings, countries) are asked again.
 */
export const useRevalidateTenant = () => {
  const { mutate } = useSWRConfig();
  // Matcher only: keeps what is on screen while it is fetched again (data `undefined` would drop it).
  return () =>
    mutate(
      (key) => Array.isArray(key) && ((key[0] === 'session' && key[1] === 'tenant-config') || key[0] === 'tenant'),
    );
};

export const updateI18nConfigs = (body: ApiBody<'updateI18nConfigs'>) => apiFetch('updateI18nConfigs', { body });
export const updateCurrencyPolicy = (body: ApiBody<'updateCurrencyPolicy'>) =>
  apiFetch('updateCurrencyPolicy', { body });
export const updateFeatures = (body: ApiBody<'updateFeatures'>) => apiFetch('updateFeatures', { body });
export const updateDomain = (body: ApiBody<'updateTenantDomain'>) => apiFetch('updateTenantDomain', { body });
export const updateBranding = (body: ApiBody<'updateBranding'>) => apiFetch('updateBranding', { body });

/** Uploads a logo file: a presigned PUT to the data bucket; the branding change then names its id. */
export const uploadLogo = async (file: File): Promise<string> => {
  const ticket = await apiFetch('createLogoUpload', {
    body: { contentType: file.type as ApiBody<'createLogoUpload'>['contentType'], size: file.size },
  });
  const res = await fetch(ticket.url, { method: ticket.method, headers: ticket.headers, body: file });
  if (!res.ok) throw new Error(`Upload answered ${res.status}`);
  return ticket.uploadId;
};
