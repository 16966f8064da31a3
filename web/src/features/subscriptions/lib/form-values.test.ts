import type { FormElement } from '@tranche/shared/scenario/scenario.schema';
import { describe, expect, it } from 'vitest';
import { checkValue, initialValues, inputElements, toNodeValues } from './form-values';

const L = (en: string) => ({ en, 'zh-CN': en });
const el = (over: Partial<FormElement> & Pick<FormElement, 'id' | 'element'>): FormElement => ({
  label: L(over.id),
  requirement: 'MANDATORY',
  ...over,
});

const name = el({ id: 'name', element: 'INPUT', fieldType: 'text', prefill: 'profile.displayName' });
const amount = el({ id: 'amount', element: 'AMOUNT', validators: { min: 1000, max: 5000000 } });
const born = el({ id: 'born', element: 'INPUT', fieldType: 'date', requirement: 'OPTIONAL' });
const source = el({
  id: 'source',
  element: 'SELECT',
  options: [
    { value: 'SALARY', label: L('Salary') },
    { value: 'SAVINGS', label: L('Savings') },
  ],
});
const agree = el({ id: 'agree', element: 'CHECKBOX' });
const secret = el({ id: 'secret', element: 'INPUT', fieldType: 'text', requirement: 'HIDDEN' });
const heading = el({ id: 'title', element: 'HEADING' });
const holdings = el({
  id: 'holdings',
  element: 'TABLE',
  requirement: 'OPTIONAL',
  columns: [
    { id: 'asset', label: L('Asset'), fieldType: 'text' },
    { id: 'since', label: L('Since'), fieldType: 'date' },
  ],
});
const all = [heading, name, amount, born, source, agree, secret, holdings];

describe('the values a scenario form starts from', () => {
  it('leaves out display elements and HIDDEN fields', () => {
    expect(inputElements(all).map((e) => e.id)).toEqual(['name', 'amount', 'born', 'source', 'agree', 'holdings']);
  });

  it('takes the prefill and lists what came from it, for the investor to confirm', () => {
    const { values, prefilled } = initialValues(all, { name: 'Erin Example', amount: 250000 }, undefined);
    expect(values.name).toBe('Erin Example');
    expect(values.amount).toBe('250000');
    expect(values.agree).toBe(false);
    expect(values.holdings).toEqual([]);
    expect(prefilled).toEqual(['name', 'amount']);
  });

  it('prefers the saved draft over the prefill, and does not ask to confirm what the investor typed', () => {
    const { values, prefilled } = initialValues(
      all,
      { name: 'Erin Example' },
      { name: 'Erin E. Example', agree: true },
    );
    expect(values.name).toBe('Erin E. Example');
    expect(values.agree).toBe(true);
    expect(prefilled).toEqual([]);
  });

  it('ignores a prefill of the wrong shape (a list for a text field)', () => {
    const { values, prefilled } = initialValues([name], { name: ['x'] }, undefined);
    expect(values.name).toBe('');
    expect(prefilled).toEqual([]);
  });
});

describe('checking a value as the server will', () => {
  it('asks for MANDATORY fields and a ticked mandatory checkbox, but lets an empty OPTIONAL one pass', () => {
    expect(checkValue(name, '  ')).toBe('required');
    expect(checkValue(agree, false)).toBe('mustTick');
    expect(checkValue(born, '')).toBeUndefined();
  });

  it('takes amounts as plain decimals within the element limits', () => {
    expect(checkValue(amount, '1,000')).toBe('amount');
    expect(checkValue(amount, '999.99')).toBe('min');
    expect(checkValue(amount, '5000000.01')).toBe('max');
    expect(checkValue(amount, '250000.50')).toBeUndefined();
  });

  it('takes dates as YYYY-MM-DD and options only from the element', () => {
    expect(checkValue(born, '01/02/1980')).toBe('date');
    expect(checkValue(born, '1980-02-01')).toBeUndefined();
    expect(checkValue(source, 'LOTTERY')).toBe('option');
    expect(checkValue(source, 'SAVINGS')).toBeUndefined();
  });

  it('applies the author’s pattern to the whole value, and a broken pattern refuses nothing', () => {
    const ref = el({ id: 'ref', element: 'INPUT', fieldType: 'text', validators: { pattern: '[A-Z]{3}\\d{3}' } });
    expect(checkValue(ref, 'ABC123x')).toBe('pattern');
    expect(checkValue(ref, 'ABC123')).toBeUndefined();
    const broken = el({ id: 'b', element: 'INPUT', fieldType: 'text', validators: { pattern: '([' } });
    expect(checkValue(broken, 'anything')).toBeUndefined();
  });
});

describe('what the runner sends', () => {
  it('trims text, drops blank optional fields and empty table rows, never sends HIDDEN or display elements', () => {
    const sent = toNodeValues(all, {
      name: '  Erin  ',
      amount: '250000',
      born: '',
      source: 'SALARY',
      agree: true,
      secret: 'should not leave',
      holdings: [
        { asset: ' Bonds ', since: '2020-01-01' },
        { asset: '', since: '' },
      ],
    });
    expect(sent).toEqual({
      name: 'Erin',
      amount: '250000',
      source: 'SALARY',
      agree: true,
      holdings: [{ asset: 'Bonds', since: '2020-01-01' }],
    });
  });

  it('sends an unticked checkbox as false (a draft keeps it)', () => {
    expect(toNodeValues([agree], { agree: false })).toEqual({ agree: false });
  });
});
