import type { PatchProfileBody, Profile } from '@tranche/shared/profile/profile.schema';
import type { Actor } from '#lib/audit';
import { commit, event } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { type ProfileRecord, putNewProfile } from './profile.repo.js';
import { changedFields, checkHeader, headerKinds, refuseHidden } from './profile.rules.js';
import { advance, checkVersion, copyOf, ownProfile, profileView, readRequirementLevels } from './profile.service.js';

const missingField = (field: string, message: string) =>
  new DomainError('FieldIsRequired', { fields: [{ field, rule: 'required', message }] });

/** Header fields KYC does not judge: changing only these keeps a verified profile verified. */
const NOT_KYC = new Set(['displayName']);

/**
 * patch-profile: without a profile id, creates a DRAFT of `type` owned by the caller (version 1); with
 * one, replaces the header of the caller's profile at the version they saw.
 */
export const patchProfile = async (
  actor: Actor,
  profileId: string | undefined,
  body: PatchProfileBody,
): Promise<Profile> => {
  const levels = (await readRequirementLevels(actor.tenantId)).settings;
  if (profileId === undefined) {
    if (!body.type) throw missingField('body.type', 'A new profile needs its type');
    const type = body.type;
    checkHeader(type, body.header);
    refuseHidden(type, levels, headerKinds(body.header));
    const created: ProfileRecord = {
      profileId: newId(),
      type,
      ownerUserId: actor.userId,
      state: 'DRAFT',
      version: 1,
      createdAt: actor.at,
      updatedAt: actor.at,
      header: body.header,
      addresses: [],
      banks: [],
      certificates: [],
      members: [],
      documents: [],
      persons: {},
    };
    return commit(actor, {
      steps: [{ item: putNewProfile(actor.tenantId, created) }],
      events: [
        event('INVESTOR_PROFILE_CREATED', created.profileId, {
          profileId: created.profileId,
          type,
          ownerUserId: actor.userId,
        }),
      ],
      result: profileView(created),
    });
  }
  if (body.version === undefined) throw missingField('body.version', 'Name the version of the profile you changed');
  const seen = body.version;
  return commit(actor, async () => {
    const before = await ownProfile(actor, profileId);
    checkVersion(before, seen);
    if (body.type && body.type !== before.type) {
      throw new DomainError('fieldNotAllowed', {
        fields: [{ field: 'body.type', rule: 'immutable', message: "A profile's type cannot change" }],
      });
    }
    checkHeader(before.type, body.header);
    refuseHidden(before.type, levels, headerKinds(body.header));
    const fields = changedFields(before.header, body.header);
    const after = copyOf(before);
    after.header = body.header;
    const moved = advance(
      actor,
      before,
      after,
      fields.some((f) => !NOT_KYC.has(f)),
      levels,
    );
    return {
      steps: moved.steps,
      events: [
        event('INVESTOR_PROFILE_CHANGED', profileId, { profileId, section: 'HEADER', fields, version: after.version }),
        ...moved.events,
      ],
      result: profileView(after),
    };
  });
};
