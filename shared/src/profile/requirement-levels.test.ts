import { describe, expect, it } from 'vitest';
import { REQUIREMENT_KINDS } from './profile-enums.js';
import {
  APPLICABLE_KINDS,
  RequirementLevelsSchema,
  resolveRequirements,
  validateRequirements,
} from './requirement-levels.js';

const individualComplete = {
  PROOF_OF_IDENTITY: ['file-1'],
  PROOF_OF_ADDRESS: ['file-2'],
  TAX_JURISDICTION: [{ country: 'HK', tin: 'A123' }],
  ADDRESS_INFORMATION: { line1: '1 Queen’s Road', country: 'HK' },
  IDENTITY_INFORMATION: { type: 'PASSPORT', number: 'K1234567' },
  BANK_INFORMATION: { accountNumber: '123-456' },
};

const member = {
  OWNER_DIRECTOR_TRUSTEE_BENEFICIARY: ['file-9'],
  ROLE_IN_ENTITY: 'DIRECTOR',
  PERCENTAGE_OWNERSHIP: 30,
  TYPE_OF_CONTROLLING_PERSON: 'ownership',
};

const entityComplete = {
  ...individualComplete,
  ENTITY_CERTIFIED_SUPPORT: ['file-3'],
  INCORPORATION_ID: 'C-778899',
  ENTITY_TYPE: 'LLC',
  LEGAL_NAME_OF_ENTITY: 'Harbour Holdings Ltd',
};

describe('requirement levels', () => {
  it('resolves defaults, then the tenant settings, and hides kinds a profile type cannot have', () => {
    const table = resolveRequirements('INDIVIDUAL', {
      INDIVIDUAL: { TAX_REPORTING: 'MANDATORY', ENTITY_TYPE: 'MANDATORY' },
      ENTITY: { TAX_REPORTING: 'HIDDEN' },
    });
    expect(table.TAX_REPORTING).toBe('MANDATORY');
    expect(table.PROOF_OF_IDENTITY).toBe('MANDATORY');
    // An entity-only kind stays hidden on an individual profile even if the tenant asks for it.
    expect(table.ENTITY_TYPE).toBe('HIDDEN');
    expect(resolveRequirements('ENTITY', { ENTITY: { TAX_REPORTING: 'HIDDEN' } }).TAX_REPORTING).toBe('HIDDEN');
    expect(Object.keys(table).sort()).toEqual([...REQUIREMENT_KINDS].sort());
    expect(APPLICABLE_KINDS.ENTITY).toEqual(REQUIREMENT_KINDS);
  });

  it('accepts a complete individual profile under the defaults', () => {
    expect(validateRequirements('INDIVIDUAL', { fields: individualComplete })).toEqual([]);
  });

  it('names each missing mandatory kind, treating blank text, empty lists and empty objects as missing', () => {
    const issues = validateRequirements('INDIVIDUAL', {
      fields: {
        ...individualComplete,
        PROOF_OF_ADDRESS: [],
        ADDRESS_INFORMATION: { line1: '  ' },
        BANK_INFORMATION: '',
      },
    });
    expect(issues).toEqual([
      { path: ['fields', 'PROOF_OF_ADDRESS'], kind: 'PROOF_OF_ADDRESS', code: 'required' },
      { path: ['fields', 'ADDRESS_INFORMATION'], kind: 'ADDRESS_INFORMATION', code: 'required' },
      { path: ['fields', 'BANK_INFORMATION'], kind: 'BANK_INFORMATION', code: 'required' },
    ]);
  });

  it('lets a tenant make a default-mandatory kind optional, and refuses a kind it hides', () => {
    const { BANK_INFORMATION: _omit, ...withoutBank } = individualComplete;
    const tenant = { INDIVIDUAL: { BANK_INFORMATION: 'OPTIONAL', TAX_REPORTING: 'HIDDEN' } } as const;
    expect(validateRequirements('INDIVIDUAL', { fields: withoutBank }, tenant)).toEqual([]);
    expect(validateRequirements('INDIVIDUAL', { fields: { ...withoutBank, TAX_REPORTING: 'W-8BEN' } }, tenant)).toEqual(
      [{ path: ['fields', 'TAX_REPORTING'], kind: 'TAX_REPORTING', code: 'hidden' }],
    );
  });

  it('checks every entity person on the member kinds and keeps member kinds off the profile itself', () => {
    const issues = validateRequirements('ENTITY', {
      fields: { ...entityComplete, PERCENTAGE_OWNERSHIP: 40 },
      members: [member, { ...member, ROLE_IN_ENTITY: undefined, PERCENTAGE_OWNERSHIP: null }],
    });
    expect(issues).toEqual([
      { path: ['fields', 'PERCENTAGE_OWNERSHIP'], kind: 'PERCENTAGE_OWNERSHIP', code: 'hidden' },
      { path: ['members', 1, 'ROLE_IN_ENTITY'], kind: 'ROLE_IN_ENTITY', code: 'required' },
      { path: ['members', 1, 'PERCENTAGE_OWNERSHIP'], kind: 'PERCENTAGE_OWNERSHIP', code: 'required' },
    ]);
    // Zero per cent is a given value, not a missing one.
    expect(
      validateRequirements('ENTITY', { fields: entityComplete, members: [{ ...member, PERCENTAGE_OWNERSHIP: 0 }] }),
    ).toEqual([]);
  });

  it('refuses entity fields and persons on an individual or joint profile', () => {
    expect(validateRequirements('JOINT', { fields: { ...individualComplete, LEGAL_NAME_OF_ENTITY: 'X Ltd' } })).toEqual(
      [{ path: ['fields', 'LEGAL_NAME_OF_ENTITY'], kind: 'LEGAL_NAME_OF_ENTITY', code: 'hidden' }],
    );
    expect(validateRequirements('INDIVIDUAL', { fields: individualComplete, members: [member] })).toEqual([
      { path: ['members'], kind: 'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY', code: 'hidden' },
    ]);
  });

  it('the tenant settings schema takes only known types, kinds and levels', () => {
    expect(RequirementLevelsSchema.safeParse({ ENTITY: { TAX_REPORTING: 'HIDDEN' } }).success).toBe(true);
    expect(RequirementLevelsSchema.safeParse({ ENTITY: { TAX_REPORTING: 'SOMETIMES' } }).success).toBe(false);
    expect(RequirementLevelsSchema.safeParse({ ANY: {} }).success).toBe(false);
    expect(RequirementLevelsSchema.safeParse({ ENTITY: { NOT_A_KIND: 'HIDDEN' } }).success).toBe(false);
  });
});
