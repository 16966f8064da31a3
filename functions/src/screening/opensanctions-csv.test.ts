import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ListFormatError, parseTargetsSimpleCsv } from './opensanctions-csv.js';
import { SAMPLE_LIST_PATH } from './screening.port.js';

describe('OpenSanctions targets.simple.csv', () => {
  const entries = parseTargetsSimpleCsv(readFileSync(SAMPLE_LIST_PATH, 'utf8'));

  it('reads every row of the sample list, all marked as test data', () => {
    expect(entries).toHaveLength(10);
    expect(entries.every((e) => e.id.startsWith('TEST-') && e.dataset.startsWith('tranche_test_fixture'))).toBe(true);
  });

  it('splits multi-valued cells on ";" and keeps commas and doubled quotes inside quoted cells', () => {
    const ivan = entries.find((e) => e.id === 'TEST-P-001')!;
    expect(ivan.aliases).toEqual(['Иван Сергеевич Тестеров', 'I. S. Testerov', 'Ivan Testeroff']);
    expect(ivan.sanctions).toEqual(['TEST DATA - fictional entry, not a real designation']);
    expect(entries.find((e) => e.id === 'TEST-C-001')!.name).toBe('Fictional Harbour Trading Co., Ltd.');
    expect(entries.find((e) => e.id === 'TEST-C-002')!.name).toBe('Example "Red Lantern" Foundation');
    expect(entries.find((e) => e.id === 'TEST-P-005')!.birthDates).toEqual(['1980-02-29', '1981-02-28']);
    expect(entries.find((e) => e.id === 'TEST-P-002')!.countries).toEqual(['us', 'ca']);
    expect(entries.find((e) => e.id === 'TEST-P-006')!.sanctions).toEqual([]);
  });

  it('finds columns by header name, ignores unknown ones, and skips rows with no id or name', () => {
    const text = '\uFEFFname,extra,id,schema\r\n"Doe, Jane",x,T-1,Person\r\n,y,T-2,Person\r\nNo Id,z,,Person\r\n';
    expect(parseTargetsSimpleCsv(text)).toEqual([
      {
        id: 'T-1',
        schema: 'Person',
        name: 'Doe, Jane',
        aliases: [],
        birthDates: [],
        countries: [],
        sanctions: [],
        dataset: '',
      },
    ]);
  });

  it('refuses a file without the columns it needs, or an empty one', () => {
    expect(() => parseTargetsSimpleCsv('id,caption\nX,Y\n')).toThrow(ListFormatError);
    expect(() => parseTargetsSimpleCsv('')).toThrow(ListFormatError);
  });

  it('refuses a malformed file instead of screening against part of it', () => {
    expect(() => parseTargetsSimpleCsv('id,schema,name\nT-1,Person,"unterminated\n')).toThrow();
  });
});
