import type { Profile } from '@tranche/shared/profile/profile.schema';
import { resolveRequirements } from '@tranche/shared/profile/requirement-levels';
import { describe, expect, it } from 'vitest';
import { isStepComplete, missingByStep, stepOfField } from './completeness';
import { ownershipHundredths, ownershipOver, personName } from './members';
import { resumeStep, stepsFor } from './requirements';

const draft = (over: Partial<Profile> = {}): Profile => ({
  profileId: '01J00000000000000000000000',
  type: 'INDIVIDUAL',
  name: '',
  state: 'DRAFT',
  validationStatus: 'UNVERIFIED',
  version: 1,
  createdAt: '2026-11-23T00:00:00.000Z',
  updatedAt: '2026-11-23T00:00:00.000Z',
  header: {},
  addresses: [],
  bankAccounts: [],
  certificates: [],
  members: [],
  ...over,
});

const person = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1980-01-02', nationality: 'GB' as const };

describe('profile completeness', () => {
  it('holds an individual incomplete until the ID document is there, as the server asks', () => {
    const table = resolveRequirements('INDIVIDUAL');
    expect(isStepComplete('details', draft({ individual: person }), table)).toBe(false);
    const withId = draft({
      individual: { ...person, idDocument: { type: 'PASSPORT', number: 'K1', issuingCountry: 'GB' } },
    });
    expect(isStepComplete('details', withId, table)).toBe(true);
  });

  it('asks a joint account for its co-holder as well', () => {
    const table = resolveRequirements('JOINT');
    const own = { ...person, idDocument: { type: 'PASSPORT' as const, number: 'K1', issuingCountry: 'GB' as const } };
    expect(isStepComplete('details', draft({ type: 'JOINT', individual: own }), table)).toBe(false);
    const both = draft({
      type: 'JOINT',
      individual: own,
      coHolder: { personId: '01J00000000000000000000001', person },
    });
    expect(isStepComplete('details', both, table)).toBe(true);
  });

  it('counts a document kind once a file of it is on the profile, and never a kind the tenant hides', () => {
    const table = resolveRequirements('INDIVIDUAL');
    expect(isStepComplete('documents', draft(), table, new Set(['PROOF_OF_IDENTITY']))).toBe(false);
    expect(isStepComplete('documents', draft(), table, new Set(['PROOF_OF_IDENTITY', 'PROOF_OF_ADDRESS']))).toBe(true);
    const relaxed = resolveRequirements('INDIVIDUAL', { INDIVIDUAL: { PROOF_OF_ADDRESS: 'HIDDEN' } });
    expect(isStepComplete('documents', draft(), relaxed, new Set(['PROOF_OF_IDENTITY']))).toBe(true);
  });

  it('resumes an entity with its people entered at tax, and lists what is missing by step', () => {
    const table = resolveRequirements('ENTITY');
    const entity = draft({
      type: 'ENTITY',
      header: {
        entity: {
          legalName: 'Acme Ltd',
          countryOfIncorporation: 'HK',
          entityType: 'PRIVATE_LIMITED_COMPANY',
          incorporationId: 'CR-1',
        },
      },
      members: [
        {
          memberId: '01J00000000000000000000002',
          personId: '01J00000000000000000000003',
          person,
          roles: ['CONTROLLING_PERSON'],
          controllerTypes: ['ownership'],
          ownershipPercent: 60,
        },
      ],
    });
    const steps = stepsFor('ENTITY', table);
    expect(resumeStep(steps, (s) => isStepComplete(s, entity, table))).toBe('tax');
    const missing = missingByStep(steps, entity, table);
    expect(missing.map((m) => m.step)).toEqual(['tax', 'addresses', 'bank', 'documents']);
    expect(missing.find((m) => m.step === 'documents')?.kinds).toEqual([
      'PROOF_OF_IDENTITY',
      'PROOF_OF_ADDRESS',
      'ENTITY_CERTIFIED_SUPPORT',
    ]);
  });

  it('sends each field a refused submission names to the step that fills it in', () => {
    expect(stepOfField('individual.dateOfBirth')).toBe('details');
    expect(stepOfField('coHolder.person.nationality')).toBe('details');
    expect(stepOfField('header.entity.legalName')).toBe('entity');
    expect(stepOfField('members.01J00000000000000000000002.ownershipPercent')).toBe('members');
    expect(stepOfField('header.taxJurisdictions')).toBe('tax');
    expect(stepOfField('documents.PROOF_OF_ADDRESS')).toBe('documents');
    expect(stepOfField('something.else')).toBeUndefined();
  });
});

describe('entity members', () => {
  it('adds ownership shares exactly, so thirds that make 100 are not over it', () => {
    const thirds = [{ ownershipPercent: 33.33 }, { ownershipPercent: 33.33 }, { ownershipPercent: 33.34 }];
    expect(ownershipHundredths(thirds)).toBe(100_00);
    expect(ownershipOver(thirds)).toBe(false);
    expect(ownershipOver([...thirds, { ownershipPercent: 0.01 }])).toBe(true);
    expect(ownershipHundredths([{}, { ownershipPercent: 40 }])).toBe(40_00);
  });

  it('names a person in Latin script with the native name beside it', () => {
    expect(personName({ firstName: 'Xiaolong', lastName: 'Li', realName: '李小龙' })).toBe('Xiaolong Li (李小龙)');
    expect(personName({ realName: '李小龙' })).toBe('李小龙');
    expect(personName({})).toBe('');
  });
});
