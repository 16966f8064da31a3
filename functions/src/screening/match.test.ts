import { describe, expect, it } from 'vitest';
import { applyBirthDate, birthDateAgreement, jaroWinkler, nameScore } from './match.js';
import { nameTokens, normaliseName } from './normalise.js';

const score = (a: string, b: string) => nameScore(normaliseName(a), normaliseName(b));

describe('name normalisation', () => {
  it('transliterates other scripts and strips accents, honorifics and legal forms', () => {
    expect(nameTokens('Владимир Путин')).toEqual(['vladimir', 'putin']);
    expect(nameTokens('José Ñúñez')).toEqual(['jose', 'nunez']);
    expect(nameTokens('Dr. Sophie Müller-Beispiel')).toEqual(['sophie', 'muller', 'beispiel']);
    expect(nameTokens("Seán O'Brien")).toEqual(['sean', 'obrien']);
    expect(nameTokens('Acme Holdings Co., Ltd.')).toEqual(['acme', 'holdings']);
  });

  it('writes a Chinese name as passport pinyin: surname, then the given name joined', () => {
    expect(nameTokens('李小龙')).toEqual(['li', 'xiaolong']);
    expect(nameTokens('王测试')).toEqual(['wang', 'ceshi']);
  });
});

describe('jaroWinkler', () => {
  it('gives the textbook values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('same', 'same')).toBe(1);
  });
});

describe('name score: must match', () => {
  it.each([
    ['John Robert Smith', 'John Robert Smith', 1],
    ['Smith, John Robert', 'John Robert Smith', 1],
    ['J. R. Smith', 'John Robert Smith', 0.93],
    ['John Smith', 'John Robert Smith', 0.95],
    ['Vladimir Putin', 'Wladimir Poutine', 0.88],
    ['Иван Тестеров', 'Ivan Testerov', 1],
    ['Li Xiao Long', '李小龙', 1],
    ['Xiaolong Li', '李小龙', 1],
    ['Sophie Mueller Beispiel', 'Sophie Müller-Beispiel', 0.9],
    ['Jon Smyth', 'John Smith', 0.88],
    ['Abdul Rahman Example', 'Abdulrahman Example', 1],
    ['Peter Schmidt', 'Peter Smith', 0.94],
  ])('%s ~ %s (at least %d)', (a, b, min) => {
    expect(score(a, b)).toBeGreaterThanOrEqual(min);
    // Symmetric: who is the query and who the list entry does not matter.
    expect(score(b, a)).toBeCloseTo(score(a, b), 5);
  });
});

describe('name score: must not match', () => {
  it.each([
    ['John Smith', 'Jane Smith'],
    ['Li Wei', 'Li Wen'],
    ['Wang Ceshi', 'Wang Jianguo'],
    ['Mohammed Ali Khan', 'Mohammed Hassan'],
    ['J. R.', 'John Robert Smith'],
    ['Maria Garcia', 'Mario Gardner'],
    ['Anna Karenina', 'Annabel Karlsson'],
    // Jaro-Winkler alone calls a short word alike to a longer one it starts (Ali/Alibek 0.88).
    ['Ali Khan', 'Alibek Khanov'],
    ['Vito Bera', 'Vitodi Bevira'],
  ])('%s is not %s', (a, b) => {
    expect(score(a, b)).toBeLessThan(0.8);
  });

  it('a lone surname is weak evidence even when it agrees exactly', () => {
    expect(score('Putin', 'Vladimir Putin')).toBeLessThan(0.8);
  });

  it('initials alone never match', () => {
    expect(score('J R S', 'John Robert Smith')).toBe(0);
  });

  it('an initial must agree with the word it stands for', () => {
    expect(score('K. Smith', 'John Smith')).toBeLessThan(score('J. Smith', 'John Smith'));
  });
});

describe('dates of birth', () => {
  it('agree at the list precision, are near one year apart, else disagree', () => {
    expect(birthDateAgreement('1975-06-01', ['1975'])).toBe('match');
    expect(birthDateAgreement('1972-03-09', ['1972-03'])).toBe('match');
    expect(birthDateAgreement('1961-04-12', ['1950-01-01', '1961-04-12'])).toBe('match');
    expect(birthDateAgreement('1976-01-01', ['1975'])).toBe('near');
    expect(birthDateAgreement('1990-01-01', ['1961-04-12'])).toBe('mismatch');
    expect(birthDateAgreement(undefined, ['1961-04-12'])).toBe('unknown');
    expect(birthDateAgreement('1961-04-12', [])).toBe('unknown');
  });

  it('raise the score when they agree and lower it well below reporting when they clearly differ', () => {
    expect(applyBirthDate(0.9, 'match')).toBeCloseTo(0.98);
    expect(applyBirthDate(0.97, 'match')).toBe(1);
    expect(applyBirthDate(0.95, 'mismatch')).toBeLessThan(0.8);
    expect(applyBirthDate(0.9, 'near')).toBe(0.9);
    expect(applyBirthDate(0.9, 'unknown')).toBe(0.9);
  });
});
