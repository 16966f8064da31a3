import type { Profile, ProfileHeader } from '@tranche/shared/profile/profile.schema';
import type { ProfileType } from '@tranche/shared/profile/profile-enums';
import { type ApiBody, apiFetch } from '@/lib/api';

/**
 * The profile's changes. Each names the version it saw (a stale one is 409 VERSION_CONFLICT) and
 * answers the whole profile, whose version the next change names: a step that saves two parts
 * chains them.
 */
export const createProfile = (type: ProfileType, header: ProfileHeader = {}) =>
  apiFetch('patchProfile', { query: {}, body: { type, header } });

/** patch-profile replaces the whole header: the caller passes the profile's header with its changes. */
export const saveHeader = (profile: Profile, header: ProfileHeader) =>
  apiFetch('patchProfile', {
    query: { profileId: profile.profileId },
    body: { version: profile.version, header },
  });

export const saveIndividual = (profile: Profile, meta: NonNullable<ApiBody<'patchIndividualMetaInfo'>>['meta']) =>
  apiFetch('patchIndividualMetaInfo', {
    query: { profileId: profile.profileId },
    body: { version: profile.version, meta },
  });

export const saveAddress = (
  profile: Profile,
  type: NonNullable<ApiBody<'patchMetaAddressInfo'>>['type'],
  address: NonNullable<ApiBody<'patchMetaAddressInfo'>>['address'],
) =>
  apiFetch('patchMetaAddressInfo', {
    query: { profileId: profile.profileId },
    body: { version: profile.version, type, address },
  });

export const addBankAccount = (
  profile: Profile,
  account: NonNullable<NonNullable<ApiBody<'patchMetaBankInfo'>>['account']>,
) =>
  apiFetch('patchMetaBankInfo', {
    query: { profileId: profile.profileId },
    body: { version: profile.version, account },
  });

/** New details of an existing account: stored as its next version, PENDING until a GP admin approves it. */
export const changeBankAccount = (
  profile: Profile,
  bankId: string,
  account: NonNullable<NonNullable<ApiBody<'patchMetaBankInfo'>>['account']>,
) =>
  apiFetch('patchMetaBankInfo', {
    query: { profileId: profile.profileId },
    body: { version: profile.version, bankId, account },
  });

/** Deletes a draft with its parts; named by the version the list showed (a newer one: 409). */
export const deleteProfile = (profile: Pick<Profile, 'profileId' | 'version'>) =>
  apiFetch('deleteProfile', { query: { profileId: profile.profileId, version: profile.version } });

export const closeBankAccount = (profile: Profile, bankId: string) =>
  apiFetch('patchMetaBankInfo', {
    query: { profileId: profile.profileId },
    body: { version: profile.version, bankId, close: true },
  });

export const saveCertificate = (
  profile: Profile,
  certificate: NonNullable<ApiBody<'patchMetaCertificateInfo'>>['certificate'],
  remove = false,
) =>
  apiFetch('patchMetaCertificateInfo', {
    query: { profileId: profile.profileId },
    body: { version: profile.version, certificate, ...(remove ? { remove: true as const } : {}) },
  });

export const saveMember = (profile: Profile, body: Omit<NonNullable<ApiBody<'patchMetaMembersInfo'>>, 'version'>) =>
  apiFetch('patchMetaMembersInfo', {
    query: { profileId: profile.profileId },
    body: { ...body, version: profile.version },
  });

export const removeMember = (profile: Profile, memberId: string) =>
  apiFetch('deleteEntityMember', {
    query: { profileId: profile.profileId },
    body: { version: profile.version, memberId },
  });

export const submitProfile = (profile: Profile) =>
  apiFetch('submitProfile', { query: { profileId: profile.profileId }, body: { version: profile.version } });
