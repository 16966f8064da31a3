import { describe, expect, it } from 'vitest';
import { answerText } from './answers';

const words = { yes: 'Yes', no: 'No', empty: '—', rows: (n: number) => `${n} rows` };

describe('answerText', () => {
  it('reads every kind of answer as plain text', () => {
    expect(answerText('Salary', words)).toBe('Salary');
    expect(answerText(250000, words)).toBe('250000');
    expect(answerText(true, words)).toBe('Yes');
    expect(answerText(false, words)).toBe('No');
    expect(answerText(['a', 'b'], words)).toBe('a, b');
    expect(answerText([{ name: 'x' }, { name: 'y' }], words)).toBe('2 rows');
  });

  it('shows nothing as a dash', () => {
    for (const v of [undefined, null, '', []]) expect(answerText(v, words)).toBe('—');
  });
});
