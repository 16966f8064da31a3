import type { MemberView, PersonDetails } from '@tranche/shared/profile/profile.schema';

/** A person's name as lists show it: the Latin-script legal name, with the native one beside it when there is one. */
export const personName = (person: PersonDetails): string => {
  const latin = [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' ');
  if (latin && person.realName) return `${latin} (${person.realName})`;
  return latin || person.realName || '';
};

/**
 * The ownership the entity's members declare, in hundredths of a percent (the API takes two
 * decimals): summed as integers, so 33.33 + 33.33 + 33.34 is exactly 100.
 */
export const ownershipHundredths = (members: readonly Pick<MemberView, 'ownershipPercent'>[]): number =>
  members.reduce((sum, m) => sum + Math.round((m.ownershipPercent ?? 0) * 100), 0);

/** Whether the declared shares add up to more than the whole entity (the server's ownershipOverTotal). */
export const ownershipOver = (members: readonly Pick<MemberView, 'ownershipPercent'>[]): boolean =>
  ownershipHundredths(members) > 100_00;

/**
 * The members a new or edited member would sit beside: everyone but the one being edited. Its
 * person ids are the ones "choose an existing person" must not take again (personChosen).
 */
export const otherMembers = (members: readonly MemberView[], editing: string | undefined): MemberView[] =>
  members.filter((m) => m.memberId !== editing);
