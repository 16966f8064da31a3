import type { PatchMemberBody, Person } from '@tranche/shared/profile/profile.schema';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import {
  deleteProfileItem,
  listProfileMetas,
  memberItem,
  putPerson,
  readPersons,
  type StoredMember,
  type StoredPerson,
  toStoredProfile,
} from './profile.repo.js';
import {
  changedFields,
  checkNotTypedTwice,
  checkOwnership,
  checkPerson,
  checkPersonChosen,
  memberKinds,
  refuseHidden,
  sectionNotForType,
} from './profile.rules.js';
import { advance, checkVersion, copyOf, ownProfile, profileView, readRequirementLevels } from './profile.service.js';

const paramsError = (field: string, rule: string, message: string) =>
  new DomainError(rule === 'required' ? 'FieldIsRequired' : 'fieldNotAllowed', { fields: [{ field, rule, message }] });

/**
 * Adds or changes an entity member, or a joint profile's co-holder. The person is chosen by id from
 * the investor's persons (its details changed too when `person` comes with `personVersion`), or typed
 * new (refused as personChosen when the investor has them already). Checked: the part belongs to the
 * profile's type, hidden kinds, the same person not chosen twice, ownership 0-100 and at most 100 in
 * all. The person and the member are written with the profile's next version in one transaction.
 */
export const patchMember = (actor: Actor, profileId: string, body: PatchMemberBody) =>
  commit(actor, async () => {
    const [before, levels] = await Promise.all([
      ownProfile(actor, profileId),
      readRequirementLevels(actor.tenantId).then((d) => d.settings),
    ]);
    checkVersion(before, body.version);
    const coHolder = body.coHolder === true;
    if (coHolder ? before.type !== 'JOINT' : before.type !== 'ENTITY') throw sectionNotForType();
    if (coHolder && body.terms) throw paramsError('body.terms', 'unexpected', 'A co-holder has no terms');

    const existing = body.memberId
      ? before.members.find((m) => m.memberId === body.memberId && Boolean(m.coHolder) === coHolder)
      : coHolder
        ? before.members.find((m) => m.coHolder)
        : undefined;
    if (body.memberId && !existing) throw new DomainError('profileMemberNotExist');

    // The person: chosen, chosen and corrected, or new.
    const steps: Step[] = [];
    const events: EventDraft[] = [];
    const persons = before.persons;
    let person: StoredPerson;
    // An existing member keeps its person unless another is chosen; `person` without `personVersion`
    // is a new person, with it a correction of the member's (or the chosen) person.
    const personId =
      body.personId ?? (body.person && body.personVersion === undefined ? undefined : existing?.personId);
    if (personId) {
      const chosen = persons[personId];
      if (!chosen) throw new DomainError('personNotExist');
      person = chosen;
      if (body.person) {
        if (body.personVersion === undefined) {
          throw paramsError('body.personVersion', 'required', 'Name the version of the person you changed');
        }
        if (body.personVersion !== chosen.version) throw new DomainError('VERSION_CONFLICT', { personId });
        checkPerson(body.person, 'body.person');
        const fields = changedFields(chosen.details, body.person);
        if (fields.length > 0) {
          person = { personId, details: body.person, version: chosen.version + 1, updatedAt: actor.at };
          steps.push({ item: putPerson(actor.tenantId, actor.userId, person) });
          events.push(event('PERSON_SAVED', actor.userId, { personId, fields, version: person.version }));
        }
      }
    } else {
      if (!body.person) throw paramsError('body.person', 'required', 'Choose a person or enter a new one');
      checkPerson(body.person, 'body.person');
      checkNotTypedTwice(body.person, persons);
      person = { personId: newId(), details: body.person, version: 1, updatedAt: actor.at };
      steps.push({ item: putPerson(actor.tenantId, actor.userId, person) });
      events.push(
        event('PERSON_SAVED', actor.userId, {
          personId: person.personId,
          fields: Object.keys(body.person).sort(),
          version: 1,
        }),
      );
    }

    const member: StoredMember = {
      memberId: existing?.memberId ?? newId(),
      personId: person.personId,
      ...(coHolder ? { coHolder: true } : {}),
      ...(body.terms ? { terms: body.terms } : existing?.terms && !coHolder ? { terms: existing.terms } : {}),
    };
    if (!coHolder) refuseHidden(before.type, levels, memberKinds(member.memberId, member.terms));

    const after = copyOf(before);
    after.persons = { ...persons, [person.personId]: person };
    after.members = existing
      ? before.members.map((m) => (m.memberId === member.memberId ? member : m))
      : [...before.members, member];
    checkPersonChosen(after.members, member);
    if (!coHolder) checkOwnership(after.members, member, after.persons);

    const memberFields = changedFields(existing, member);
    const moved = advance(actor, before, after, memberFields.length > 0 || steps.length > 0, levels);
    return {
      steps: [...moved.steps, ...steps, { item: memberItem(actor.tenantId, profileId, member) }],
      events: [
        event('INVESTOR_PROFILE_CHANGED', profileId, {
          profileId,
          section: coHolder ? 'CO_HOLDER' : 'MEMBER',
          key: member.memberId,
          fields: memberFields,
          version: after.version,
        }),
        ...events,
        ...moved.events,
      ],
      result: profileView(after),
    };
  });

/** Removes an entity member; the person stays among the investor's persons for other profiles. */
export const deleteMember = (actor: Actor, profileId: string, seen: number, memberId: string) =>
  commit(actor, async () => {
    const [before, levels] = await Promise.all([
      ownProfile(actor, profileId),
      readRequirementLevels(actor.tenantId).then((d) => d.settings),
    ]);
    checkVersion(before, seen);
    const member = before.members.find((m) => m.memberId === memberId);
    if (!member) throw new DomainError('profileMemberNotExist');
    const after = copyOf(before);
    after.members = before.members.filter((m) => m.memberId !== memberId);
    const moved = advance(actor, before, after, true, levels);
    return {
      steps: [...moved.steps, { item: deleteProfileItem(actor.tenantId, profileId, `MEMBER#${memberId}`) }],
      events: [
        event('INVESTOR_PROFILE_CHANGED', profileId, {
          profileId,
          section: 'MEMBER_REMOVED',
          key: memberId,
          fields: ['member'],
          version: after.version,
        }),
        ...moved.events,
      ],
      result: profileView(after),
    };
  });

/**
 * Which of the investor's profiles name each person (as a member or co-holder): the profiles' #META
 * (with their state) and, per person id, the ids of the profiles naming it.
 */
export const profilesNamingPersons = async (tenantId: string, userId: string) => {
  const profiles = await listProfileMetas(tenantId, userId);
  const usedBy = new Map<string, Set<string>>();
  await Promise.all(
    profiles.map(async (p) => {
      const items = await queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
        ExpressionAttributeValues: { ':pk': keys.profilePk(tenantId, p.profileId), ':member': 'MEMBER#' },
        ConsistentRead: true,
      });
      for (const m of toStoredProfile([{ SK: '#META', profileId: p.profileId }, ...items])?.members ?? []) {
        usedBy.set(m.personId, (usedBy.get(m.personId) ?? new Set()).add(p.profileId));
      }
    }),
  );
  return { profiles, usedBy };
};

/** The investor's persons, each with the profiles that name it (as a member or co-holder). */
export const listPersons = async (actor: Pick<Actor, 'tenantId' | 'userId'>): Promise<Person[]> => {
  const [persons, { usedBy }] = await Promise.all([
    readPersons(actor.tenantId, actor.userId),
    profilesNamingPersons(actor.tenantId, actor.userId),
  ]);
  return Object.values(persons)
    .map((p) => ({
      ...p.details,
      personId: p.personId,
      version: p.version,
      updatedAt: p.updatedAt,
      profileIds: [...(usedBy.get(p.personId) ?? [])].sort(),
    }))
    .sort((a, b) => (a.personId < b.personId ? -1 : 1));
};
