import { DomainError } from '../errors/domain-error.js';
import type { CountryCode } from './iso-3166.js';

/** The part of the LP settings that decides which investors' countries are served. */
export interface CountryAccess {
  openCountries: readonly CountryCode[];
}

/** Whether investors from `country` may use the portal. Codes are compared upper-case. */
export const isCountryOpen = (access: CountryAccess, country: string): boolean =>
  (access.openCountries as readonly string[]).includes(country.toUpperCase());

/**
 * Refuses a country the tenant has not opened, with the spec's `countryIsNotOpen` (422). `field` names
 * where the country came from (e.g. `body.address.country`), so the form can point at it.
 */
export const assertCountryOpen = (access: CountryAccess, country: string, field?: string): void => {
  if (isCountryOpen(access, country)) return;
  throw new DomainError('countryIsNotOpen', {
    country: country.toUpperCase(),
    ...(field ? { fields: [{ field, rule: 'countryIsNotOpen', message: 'This country is not open.' }] } : {}),
  });
};
