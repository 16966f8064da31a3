import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTargetsSimpleCsv } from './opensanctions-csv.js';
import { fileListSource, listScreening, SAMPLE_LIST_PATH } from './screening.port.js';
import { ratingFor, ScreeningIndex, type ScreeningSubject } from './screening-index.js';

const index = new ScreeningIndex(parseTargetsSimpleCsv(readFileSync(SAMPLE_LIST_PATH, 'utf8')));
const person = (name: string, extra: Partial<ScreeningSubject> = {}): ScreeningSubject => ({
  ref: 'subject-1',
  kind: 'person',
  name,
  ...extra,
});
const ids = (s: ScreeningSubject) => index.screen(s).matches.map((m) => m.entryId);

describe('screening against the sample list: must match', () => {
  it('finds an entry by its name in another script, with the date of birth agreeing', () => {
    const result = index.screen(person('Иван Тестеров', { birthDate: '1961-04-12', countries: ['RU'] }));
    expect(result.rating).toBe('HIGH');
    const [m] = result.matches;
    expect(m).toMatchObject({ entryId: 'TEST-P-001', birthDate: 'match', rating: 'HIGH' });
    expect(m!.fields).toEqual(expect.arrayContaining(['birthDate', 'country']));
    expect(m!.score).toBeGreaterThanOrEqual(0.92);
  });

  it('finds an entry through an alias and says so', () => {
    const [m] = index.screen(person('Ivan Testeroff')).matches;
    expect(m).toMatchObject({ entryId: 'TEST-P-001', matchedName: 'Ivan Testeroff' });
    expect(m!.fields[0]).toBe('alias');
  });

  it('matches initials and reordered names', () => {
    expect(ids(person('Fictitious, J. R.'))).toEqual(['TEST-P-002']);
    expect(ids(person('Carmen Maria Ejemplo Prueba'))).toContain('TEST-P-005');
  });

  it('matches a pinyin spelling against a name listed in characters and the reverse', () => {
    expect(ids(person('Yanshi Li', { birthDate: '1972-03-18' }))).toEqual(['TEST-P-004']);
    expect(ids(person('王测试'))).toEqual(['TEST-P-003']);
  });

  it('screens the subject under its own aliases too', () => {
    const result = index.screen(person('Jane Unrelated', { aliases: ['Sophie Mueller-Beispiel'] }));
    expect(result.matches.map((m) => [m.entryId, m.subjectName])).toEqual([['TEST-P-007', 'Sophie Mueller-Beispiel']]);
  });

  it('matches organisations without their legal form', () => {
    expect(ids({ ref: 'e-1', kind: 'organisation', name: 'Fictional Harbour Trading Limited' })).toEqual([
      'TEST-C-001',
    ]);
    expect(ids({ ref: 'e-1', kind: 'organisation', name: 'Red Lantern Example Fund' })).toEqual(['TEST-C-002']);
  });
});

describe('screening against the sample list: must not match', () => {
  it('a clearly different date of birth clears a name match', () => {
    expect(ids(person('Ivan Testerov', { birthDate: '1994-08-30' }))).toEqual([]);
  });

  it('common or merely similar names do not match', () => {
    for (const name of [
      'John Smith',
      'Ivan Petrov',
      'Wang Jianguo',
      'Li Wei',
      'Maria Garcia',
      'Sophie Martin',
      'Testerov',
    ]) {
      expect(ids(person(name)), name).toEqual([]);
    }
  });

  it('a person is never matched against a vessel or a company, nor an organisation against a person', () => {
    // "S. Testerov" (an alias of TEST-P-001) may fairly match; the vessel of that exact name may not.
    expect(ids(person('Testerov Star'))).not.toContain('TEST-V-001');
    expect(ids({ ref: 'e-1', kind: 'organisation', name: 'Testerov Star' })).toContain('TEST-V-001');
    expect(ids(person('Fictional Harbour Trading'))).toEqual([]);
    expect(ids({ ref: 'e-1', kind: 'organisation', name: 'Ivan Sergeyevich Testerov' })).toEqual([]);
  });
});

describe('risk rating', () => {
  it('follows the written thresholds, and caps an entry without sanctions (a PEP) at MEDIUM', () => {
    expect(ratingFor(0.79, true)).toBe('NONE');
    expect(ratingFor(0.8, true)).toBe('LOW');
    expect(ratingFor(0.86, true)).toBe('MEDIUM');
    expect(ratingFor(0.92, true)).toBe('HIGH');
    expect(ratingFor(1, false)).toBe('MEDIUM');
    const pep = index.screen(person('Hamid Al-Demo', { birthDate: '1955-07-01' }));
    expect(pep.matches[0]).toMatchObject({ entryId: 'TEST-P-006', rating: 'MEDIUM' });
    expect(pep.rating).toBe('MEDIUM');
  });

  it('is NONE with no matches', () => {
    expect(index.screen(person('Nobody Inparticular'))).toEqual({ ref: 'subject-1', rating: 'NONE', matches: [] });
  });
});

describe('list screening port', () => {
  it('builds the index once per list and rebuilds it, with a new version, when the file changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'screening-'));
    const path = join(dir, 'targets.simple.csv');
    copyFileSync(SAMPLE_LIST_PATH, path);
    let reads = 0;
    const files = fileListSource(path);
    const port = listScreening({
      stamp: files.stamp,
      read: () => {
        reads++;
        return files.read();
      },
    });
    const subject = person('Zebulon Newlylisted', { ref: 'p-9' });
    const first = await port.screen([subject]);
    await port.screen([subject]);
    expect(reads).toBe(1);
    expect(first.listSize).toBe(10);
    expect(first.results[0]!.matches).toEqual([]);

    writeFileSync(
      path,
      `${readFileSync(path, 'utf8')}TEST-P-099,Person,Zebulon Newlylisted,,,,,,TEST DATA - fictional entry,,,,tranche_test_fixture,,,\n`,
    );
    const second = await port.screen([subject]);
    expect(reads).toBe(2);
    expect(second.listVersion).not.toBe(first.listVersion);
    expect(second.results[0]).toMatchObject({ ref: 'p-9', rating: 'HIGH' });
  });
});

describe('the index against scoring every entry', () => {
  it('finds every match an exhaustive scan finds, on a generated list with typos and reordered names', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const syllables = ['ka', 'lo', 'mi', 'ra', 'se', 'to', 'vi', 'an', 'el', 'or', 'ha', 'be', 'di', 'zh', 'sh', 'li'];
    const word = () =>
      Array.from({ length: 2 + Math.floor(next() * 3) }, () => syllables[Math.floor(next() * 16)]).join('');
    const rows = Array.from({ length: 1_500 }, (_, i) => {
      const name = `${word()} ${next() < 0.3 ? `${word()} ` : ''}${word()}`;
      return {
        id: `G-${i}`,
        schema: 'Person',
        name,
        aliases: [],
        birthDates: [],
        countries: [],
        sanctions: ['x'],
        dataset: 'g',
      };
    });
    const generated = new ScreeningIndex(rows);
    const typo = (w: string) => {
      const at = Math.floor(next() * w.length);
      return w.slice(0, at) + (next() < 0.5 ? '' : 'e') + w.slice(at + 1);
    };
    let compared = 0;
    let withMatches = 0;
    for (let i = 0; i < 300; i++) {
      const tokens = rows[Math.floor(next() * rows.length)]!.name.split(' ');
      const name =
        i % 3 === 0
          ? tokens.reverse().join(' ')
          : tokens.map((t, k) => (k === i % tokens.length ? typo(t) : t)).join(' ');
      const subject = person(name);
      const viaIndex = generated.screen(subject).matches.map((m) => [m.entryId, m.score]);
      const exhaustive = generated.screen(subject, { exhaustive: true }).matches.map((m) => [m.entryId, m.score]);
      expect(viaIndex, name).toEqual(exhaustive);
      compared++;
      if (exhaustive.length > 0) withMatches++;
    }
    expect(compared).toBe(300);
    // The comparison means something only if most generated names do match.
    expect(withMatches).toBeGreaterThan(200);
    // Scores every entry for each query on purpose (the exhaustive side): seconds on a shared, loaded machine.
  }, 60_000);
});
