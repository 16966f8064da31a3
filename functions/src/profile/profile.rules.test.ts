import { DomainError } from '@tranche/shared/errors/domain-error';
import { describe, expect, it } from 'vitest';
import type { ProfileRecord, StoredMember, StoredPerson } from './profile.repo.js';
import {
  checkHeader,
  checkNotTypedTwice,
  checkOwnership,
  checkPerson,
  checkPersonChosen,
  checkPhone,
  maskAccount,
  refuseHidden,
  submissionIssues,
} from './profile.rules.js';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { code: (error as DomainError).code, details: (error as DomainError).details };
  }
  throw new Error('expected a refusal');
};

const person = (personId: string, firstName: string, lastName: string, dateOfBirth?: string): StoredPerson => ({
  personId,
  details: { firstName, lastName, ...(dateOfBirth ? { dateOfBirth } : {}), nationality: 'GB' },
  version: 1,
  updatedAt: '2026-11-23T00:00:00.000Z',
});
const member = (memberId: string, personId: string, ownershipPercent?: number): StoredMember => ({
  memberId,
  personId,
  terms: { roles: ['DIRECTOR'], ...(ownershipPercent !== undefined ? { ownershipPercent } : {}) },
});

const draft = (over: Partial<ProfileRecord>): ProfileRecord => ({
  profileId: 'P1',
  type: 'INDIVIDUAL',
  ownerUserId: 'U1',
  state: 'DRAFT',
  version: 1,
  createdAt: '2026-11-23T00:00:00.000Z',
  updatedAt: '2026-11-23T00:00:00.000Z',
  header: {},
  addresses: [],
  banks: [],
  certificates: [],
  members: [],
  documents: [],
  persons: {},
  ...over,
});

describe('bank numbers', () => {
  it('answers only the last four characters', () => {
    expect(maskAccount('GB29 NWBK 6016 1331 9268 19')).toBe('•••• 6819');
    expect(maskAccount('12345678')).toBe('•••• 5678');
  });
});

describe('phone numbers', () => {
  it("accepts a number valid in its country's plan and refuses one that is not, naming the field", () => {
    expect(() => checkPhone('+85291234567', 'body.meta.phone')).not.toThrow();
    expect(() => checkPhone(undefined, 'body.meta.phone')).not.toThrow();
    expect(refusal(() => checkPhone('+85200000', 'body.meta.phone')).details?.fields).toEqual([
      { field: 'body.meta.phone', rule: 'phone', message: 'Invalid phone number' },
    ]);
  });
});

describe('names (spec §5 realName)', () => {
  it('accepts names in any script with their separators, and refuses digits and symbols, naming each field', () => {
    for (const name of ["O'Brien", 'Anne-Marie', 'José Núñez', '李小龙', '艾萨克·牛顿', 'Dr. Ng', 'Мария']) {
      expect(() => checkPerson({ firstName: name }, 'body.person'), name).not.toThrow();
    }
    expect(refusal(() => checkPerson({ firstName: 'R2D2', lastName: 'Ok', realName: '<b>' }, 'body.person'))).toEqual({
      code: 'nameInvalid',
      details: {
        fields: [
          { field: 'body.person.firstName', rule: 'realName', message: 'Invalid name' },
          { field: 'body.person.realName', rule: 'realName', message: 'Invalid name' },
        ],
      },
    });
  });
});

describe('entity details', () => {
  it("refuses an entity type its country does not offer, and entity details on a person's profile", () => {
    expect(() => checkHeader('ENTITY', { entity: { countryOfIncorporation: 'US', entityType: 'LLC' } })).not.toThrow();
    expect(
      refusal(() => checkHeader('ENTITY', { entity: { countryOfIncorporation: 'US', entityType: 'PENSION_FUND' } }))
        .code,
    ).toBe('entityTypeNotForCountry');
    expect(refusal(() => checkHeader('INDIVIDUAL', { entity: { legalName: 'X Ltd' } })).code).toBe(
      'profileSectionNotForType',
    );
  });
});

describe('requirement levels', () => {
  it('refuses a value of a kind the tenant hides, naming its field', () => {
    const levels = { INDIVIDUAL: { TAX_REPORTING: 'HIDDEN' as const } };
    expect(
      refusal(() => refuseHidden('INDIVIDUAL', levels, [{ kind: 'TAX_REPORTING', field: 'header.taxStatus' }])),
    ).toEqual({
      code: 'profileRequirementsNotMet',
      details: { fields: [{ field: 'header.taxStatus', rule: 'hidden', message: expect.any(String) }] },
    });
    expect(() => refuseHidden('INDIVIDUAL', {}, [{ kind: 'TAX_REPORTING', field: 'header.taxStatus' }])).not.toThrow();
  });

  it('names each missing identity field of an individual and each missing section at submission', () => {
    const fields = submissionIssues(draft({ individual: { firstName: 'Ada', lastName: 'Lovelace' } }), {}).map(
      (i) => i.field,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'individual.dateOfBirth',
        'individual.nationality',
        'individual.idDocument',
        'addresses',
        'header.taxJurisdictions',
        'bankAccounts',
        'documents.PROOF_OF_IDENTITY',
        'documents.PROOF_OF_ADDRESS',
      ]),
    );
    expect(fields).not.toContain('individual.firstName');
    // A tenant that makes addresses optional no longer requires them.
    expect(
      submissionIssues(draft({}), { INDIVIDUAL: { ADDRESS_INFORMATION: 'OPTIONAL' } }).map((i) => i.field),
    ).not.toContain('addresses');
  });

  it('asks a joint profile for its co-holder and an entity for its people, named by member', () => {
    expect(submissionIssues(draft({ type: 'JOINT' }), {}).map((i) => i.field)).toContain('coHolder');
    expect(submissionIssues(draft({ type: 'ENTITY' }), {}).map((i) => i.field)).toContain('members');
    const entity = draft({
      type: 'ENTITY',
      members: [{ memberId: 'M1', personId: 'X1' }],
      persons: { X1: person('X1', 'Ann', 'Owner') },
    });
    expect(submissionIssues(entity, {}).map((i) => i.field)).toEqual(
      expect.arrayContaining(['members.M1.person.dateOfBirth', 'members.M1.roles', 'members.M1.ownershipPercent']),
    );
  });
});

describe('members', () => {
  const persons = { A: person('A', 'Ann', 'Able'), B: person('B', 'Ben', 'Baker') };

  it('refuses ownership outside 0-100, or with more than two decimals, naming the member', () => {
    for (const pct of [-1, 100.5, 12.345]) {
      const m = member('M1', 'A', pct);
      expect(refusal(() => checkOwnership([m], m, persons))).toMatchObject({
        code: 'ownershipOutOfRange',
        details: { member: 'Ann Able', memberId: 'M1' },
      });
    }
    const ok = member('M1', 'A', 100);
    expect(() => checkOwnership([ok], ok, persons)).not.toThrow();
  });

  it('refuses members owning more than 100% together, exactly in hundredths', () => {
    const a = member('M1', 'A', 60.1);
    const b = member('M2', 'B', 39.9);
    expect(() => checkOwnership([a, b], b, persons)).not.toThrow();
    const c = member('M2', 'B', 39.91);
    expect(refusal(() => checkOwnership([a, c], c, persons))).toMatchObject({
      code: 'ownershipOverTotal',
      details: { member: 'Ben Baker', total: '100.01' },
    });
  });

  it('refuses the same person chosen as two members (personChosen)', () => {
    const a = member('M1', 'A');
    const again = member('M2', 'A');
    expect(refusal(() => checkPersonChosen([a, again], again))).toMatchObject({
      code: 'personChosen',
      details: { memberId: 'M1' },
    });
    expect(() => checkPersonChosen([a], a)).not.toThrow();
  });

  it('refuses typing again a person the investor has, whatever the accents and case, offering the one kept', () => {
    const kept = { X: person('X', 'José', 'Núñez', '1970-01-02') };
    expect(
      refusal(() => checkNotTypedTwice({ firstName: 'jose', lastName: 'NUNEZ', dateOfBirth: '1970-01-02' }, kept)),
    ).toMatchObject({ code: 'personChosen', details: { personId: 'X' } });
    expect(() =>
      checkNotTypedTwice({ firstName: 'José', lastName: 'Núñez', dateOfBirth: '1980-05-05' }, kept),
    ).not.toThrow();
  });
});
