import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../i18n/langs.js';
import {
  ACCOUNT_KINDS,
  ACCOUNT_STATE_LABELS,
  ACCOUNT_STATES,
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_STATUSES,
  ADD_DOCUMENT_RESULTS,
  BENEFICIAL_OWNER_TYPES,
  DOCUMENT_CATEGORIES,
  ENTITY_PERSON_ROLES,
  ENTITY_TYPE_COUNTRIES,
  ENTITY_TYPE_LABELS,
  ENTITY_TYPES,
  ENTITY_TYPES_BY_COUNTRY,
  entityTypesFor,
  ID_DOCUMENT_TYPES,
  INVESTOR_CLASSIFICATIONS,
  INVESTOR_TYPES,
  IRA_TYPE_LABELS,
  JOB_TITLE_LABELS,
  JOB_TITLES,
  LEGAL_ARRANGEMENT_OWNER_TYPES,
  PRINCIPAL_ROLES,
  PROFILE_ENUMS,
  PROFILE_TYPE_LABELS,
  PROFILE_VALIDATION_KEYS,
  PROFILE_VALIDATION_MESSAGES,
  REQUIREMENT_KIND_LABELS,
  REQUIREMENT_KINDS,
  REQUIREMENT_LEVELS,
  TAX_STATUSES,
  VALIDATION_STATUS_LABELS,
  VALIDATION_STATUSES,
  VEHICLE_TYPES,
} from './profile-enums.js';

// The read-only spec sits beside the repository (/work/shared/spec). Reading it here means a value
// renamed on either side fails this test instead of drifting silently.
const SPEC = resolve(import.meta.dirname, '../../../../shared/spec/000_f63e6afc3fad2bbb.txt');
const spec = existsSync(SPEC) ? readFileSync(SPEC, 'utf8') : '';

/** The text after "- <label>:" on the spec's bullet line that starts with it. */
const bullet = (label: string): string => {
  const line = spec.split('\n').find((l) => l.startsWith(`- ${label}:`));
  if (!line) throw new Error(`spec has no bullet "${label}"`);
  return line.slice(label.length + 3).trim();
};
/** Comma-separated items of a bullet (up to its first full stop), optionally only after `after`. */
const items = (text: string, after = ''): string[] =>
  text
    .slice(after ? text.indexOf(after) + after.length : 0)
    .replace(/\.$/, '')
    .split(/\.\s/)[0]!
    .split(/,\s*(?:and\s+)?|\s+and\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

describe.skipIf(!spec)('profile enumerations against spec section 3', () => {
  it('investor types, tax status, principal role, vehicle type, ID documents and add-document results are the spec values in its order', () => {
    expect(items(bullet('Investor types'))).toEqual([...INVESTOR_TYPES]);
    expect(items(bullet('Investor tax status'))).toEqual([...TAX_STATUSES]);
    expect(items(bullet('Principal role'))).toEqual([...PRINCIPAL_ROLES]);
    expect(items(bullet('Vehicle type'))).toEqual([...VEHICLE_TYPES]);
    expect(items(bullet('Document category'), 'ID document types:')).toEqual([...ID_DOCUMENT_TYPES]);
    expect(items(bullet('Document category'))[0]).toBe(DOCUMENT_CATEGORIES[0]);
    expect(items(bullet('Add-document results'))).toEqual([...ADD_DOCUMENT_RESULTS]);
    expect(items(bullet('Field requirement level'))).toEqual([...REQUIREMENT_LEVELS]);
    expect(items(bullet('Entity person role')).map((s) => s.split(' ')[0])).toEqual([...ENTITY_PERSON_ROLES]);
  });

  it('classifications: the spec codes in order, four wholesale tests where the spec says so, 24 in all', () => {
    const named = items(bullet('Investor classifications'));
    const at = named.indexOf('four wholesale-investor tests');
    expect(at).toBeGreaterThan(0);
    const expected = [...named.slice(0, at), ...INVESTOR_CLASSIFICATIONS.slice(at, at + 4), ...named.slice(at + 1)];
    expect([...INVESTOR_CLASSIFICATIONS]).toEqual(expected);
    expect(INVESTOR_CLASSIFICATIONS.slice(at, at + 4).every((c) => c.startsWith('WHOLESALE_'))).toBe(true);
    expect(INVESTOR_CLASSIFICATIONS).toHaveLength(24);
    expect(INVESTOR_CLASSIFICATIONS).toContain('TEAM_MEMBER');
  });

  it('account kind, status and IRA type: codes as spelled, worded values as the English labels', () => {
    const text = bullet('Account kind');
    expect(items(text.split('. ')[0] ?? '')).toEqual([...ACCOUNT_KINDS]);
    expect(items(text, 'Account status:')).toEqual(ACCOUNT_STATUSES.map((s) => ACCOUNT_STATUS_LABELS[s].en));
    expect(items(text, 'IRA type:')).toEqual(Object.values(IRA_TYPE_LABELS).map((x) => x.en));
  });

  it('validation status and account state: "value (label)" pairs', () => {
    const pairs = items(bullet('Validation status')).map((s) => {
      const m = /^(.+?)(?: \((.+)\))?$/.exec(s)!;
      return { word: m[1]!, label: m[2] ?? m[1]! };
    });
    expect(pairs.map((p) => p.word.toUpperCase().replace(/ /g, '_'))).toEqual([...VALIDATION_STATUSES]);
    expect(pairs.map((p) => p.label)).toEqual(VALIDATION_STATUSES.map((s) => VALIDATION_STATUS_LABELS[s].en));
    const states = items(bullet('Account state')).map((s) => /^(\S+) \((.+)\)$/.exec(s)!);
    expect(states.map((m) => m[1])).toEqual([...ACCOUNT_STATES]);
    expect(states.map((m) => m[2])).toEqual(ACCOUNT_STATES.map((s) => ACCOUNT_STATE_LABELS[s].en));
  });

  it('beneficial-owner and controller keys, the legal-arrangement _eq keys last', () => {
    const text = bullet('Beneficial-owner or controller types (key and label)');
    const keys = text
      .replace('and for legal arrangements', ',')
      .replace(/\.$/, '')
      .split(',')
      .map((s) => s.trim().replace(/^and /, ''))
      .filter(Boolean);
    expect(keys).toEqual([...BENEFICIAL_OWNER_TYPES]);
    expect(LEGAL_ARRANGEMENT_OWNER_TYPES).toEqual([
      'settlor_eq',
      'trustee_eq',
      'protector_eq',
      'beneficiary_eq',
      'other_eq',
    ]);
  });

  it('entity types: lists for exactly the spec countries, the named examples in the US list, pension fund only in OTHER', () => {
    const text = bullet('Entity-type lists keyed by country (US, CN, HK, UK, GB, OTHER)');
    expect(spec).toContain('keyed by country (US, CN, HK, UK, GB, OTHER)');
    expect(Object.keys(ENTITY_TYPES_BY_COUNTRY)).toEqual([...ENTITY_TYPE_COUNTRIES]);
    expect(ENTITY_TYPE_COUNTRIES).toEqual(['US', 'CN', 'HK', 'UK', 'GB', 'OTHER']);
    const about = Number(/about (\d+) types/.exec(text)?.[1]);
    expect(ENTITY_TYPES).toHaveLength(about);
    const examples = items(text, 'such as').map((s) => s.toLowerCase());
    const usLabels = ENTITY_TYPES_BY_COUNTRY.US.map((t) => ENTITY_TYPE_LABELS[t].en.toLowerCase());
    for (const ex of examples)
      expect(usLabels.some((label) => label.startsWith(ex) || label.includes(`(${ex})`))).toBe(true);
    for (const c of ENTITY_TYPE_COUNTRIES) {
      expect(ENTITY_TYPES_BY_COUNTRY[c].includes('PENSION_FUND')).toBe(c === 'OTHER');
      expect(ENTITY_TYPES_BY_COUNTRY[c].at(-1)).toBe('OTHER');
      expect(new Set(ENTITY_TYPES_BY_COUNTRY[c]).size).toBe(ENTITY_TYPES_BY_COUNTRY[c].length);
    }
    // Every catalogued type is offered somewhere.
    const offered = new Set(Object.values(ENTITY_TYPES_BY_COUNTRY).flat());
    expect(ENTITY_TYPES.filter((t) => !offered.has(t))).toEqual([]);
  });

  it('requirement kinds: the spec phrases in order are the English labels', () => {
    const phrases = items(bullet('Requirement or document kinds'));
    expect(phrases).toHaveLength(REQUIREMENT_KINDS.length);
    expect(REQUIREMENT_KINDS.map((k) => REQUIREMENT_KIND_LABELS[k].en.toLowerCase())).toEqual(phrases);
  });

  it('job titles: the count the spec gives, Accountant first, Treasury Analyst last before Other, alphabetical', () => {
    const text = bullet('Job-title list');
    const m = /(\d+) entries.*from (.+?) to (.+?), plus (\w+)/.exec(text)!;
    expect(JOB_TITLES).toHaveLength(Number(m[1]));
    const en = JOB_TITLES.map((t) => JOB_TITLE_LABELS[t].en);
    expect(en[0]).toBe(m[2]);
    expect(en.at(-2)).toBe(m[3]);
    expect(en.at(-1)).toBe(m[4]);
    const alphabetical = en.slice(0, -1);
    expect(alphabetical).toEqual([...alphabetical].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('section 5 messages: the spec English verbatim for the six profile keys', () => {
    for (const key of PROFILE_VALIDATION_KEYS) {
      const row = spec.split('\n').find((l) => l.startsWith(`| ${key} |`));
      expect(row, key).toBeDefined();
      expect(row!.split('|')[2]!.trim()).toBe(PROFILE_VALIDATION_MESSAGES[key].en);
    }
  });

  it('profile types are the subscription investor types less ANY, with the spec labels', () => {
    const text = spec.split('\n').find((l) => l.startsWith('- Investor type for subscription:'))!;
    expect(text).toContain('(shown as Individual, Entity, Any, Joint Account)');
    expect(Object.values(PROFILE_TYPE_LABELS).map((x) => x.en)).toEqual(['Individual', 'Entity', 'Joint Account']);
  });
});

describe('profile enumeration labels', () => {
  it('every value of every enumeration has a non-empty label in every language, and no stray labels', () => {
    for (const [name, [values, labels]] of Object.entries(PROFILE_ENUMS)) {
      expect(Object.keys(labels).sort(), name).toEqual([...values].sort());
      expect(new Set(values).size, name).toBe(values.length);
      for (const v of values) {
        const label = (labels as Record<string, Record<string, string>>)[v]!;
        for (const lang of LANGS) expect(label[lang]?.trim(), `${name}.${v}.${lang}`).toBeTruthy();
        // A Chinese label that is the English one was left untranslated.
        if (!/^[A-Z]+$/.test(label.en!)) expect(label['zh-CN'], `${name}.${v}`).not.toBe(label.en);
      }
    }
  });

  it('a country without its own list falls back to OTHER', () => {
    expect(entityTypesFor('SG')).toBe(ENTITY_TYPES_BY_COUNTRY.OTHER);
    expect(entityTypesFor('HK')).toBe(ENTITY_TYPES_BY_COUNTRY.HK);
  });
});
