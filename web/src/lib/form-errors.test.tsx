import { act, renderHook } from '@testing-library/react';
import { type FieldValues, useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createI18n } from '@/i18n';
import { ApiError, errorFromBody } from './api-error';
import { API_ERROR_TYPE, applyApiFieldErrors, schemaResolver, useFieldErrorText } from './form-errors';

const i18n = createI18n('en');

/** A real react-hook-form form with these default values. */
const formWith = <T extends FieldValues>(defaultValues: T) =>
  renderHook(() => useForm<T>({ defaultValues: defaultValues as never }), {
    wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
  }).result;

const paramsError = (fields: { field: string; rule: string }[]) =>
  errorFromBody(400, { code: 'PARAMS_ERROR', message: 'x', details: { fields } }, 'en');

describe('applyApiFieldErrors', () => {
  it('puts a validation failure on the field the API names, as the form’s key for the rule', async () => {
    const form = formWith({ email: 'a@b.c', rates: [{ rate: '1' }] });
    // The wire names `body.rates.0.rate`; the client strips the location.
    const error = await paramsError([
      { field: 'body.rates.0.rate', rule: 'invalid_format' },
      { field: 'body.unknown', rule: 'custom' },
    ]);
    let placed = false;
    act(() => {
      placed = applyApiFieldErrors(error, form.current, { ruleMessage: (rule, path) => `${path}:${rule}` });
    });
    expect(placed).toBe(true);
    expect(form.current.getFieldState('rates.0.rate').error).toMatchObject({
      type: 'invalid_format',
      message: 'rates.0.rate:invalid_format',
    });
    expect(form.current.getFieldState('unknown' as never).error).toBeUndefined();
  });

  it('puts a business-rule code on the field it is about, keeping the code for the catalogue text', () => {
    const form = formWith({ email: '', password: '' });
    const error = new ApiError({ code: 'AccountExist', status: 409, lang: 'en' });
    let placed = false;
    act(() => {
      placed = applyApiFieldErrors(error, form.current, { byCode: { AccountExist: 'email' } });
    });
    expect(placed).toBe(true);
    expect(form.current.getFieldState('email').error).toMatchObject({ type: API_ERROR_TYPE, message: 'AccountExist' });
  });

  it('maps API fields to form paths and leaves errors for fields the form lacks to the screen', async () => {
    const form = formWith({ name: { en: '' } });
    const error = await paramsError([{ field: 'body.name', rule: 'too_small' }]);
    let placed = false;
    act(() => {
      placed = applyApiFieldErrors(error, form.current, {
        fieldPath: (field) => `${field}.en`,
      });
    });
    expect(placed).toBe(true);
    expect(form.current.getFieldState('name.en').error?.message).toBe('too_small');

    const other = formWith({ title: '' });
    expect(applyApiFieldErrors(error, other.current)).toBe(false);
    expect(applyApiFieldErrors(new ApiError({ code: 'NETWORK_ERROR', status: 0, lang: 'en' }), other.current)).toBe(
      false,
    );
    expect(applyApiFieldErrors(new Error('boom'), other.current)).toBe(false);
  });
});

describe('useFieldErrorText', () => {
  it('reads API codes from the catalogue in the current language and rule keys through the feature', async () => {
    const errors = {
      email: { type: API_ERROR_TYPE, message: 'AccountExist' },
      rate: { type: 'invalid_format', message: 'rate' },
    };
    const { result } = renderHook(() => useFieldErrorText(errors, ({ message }, path) => `${path}→${message}`), {
      wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
    });
    const english = new ApiError({ code: 'AccountExist', status: 409, lang: 'en' }).message;
    expect(result.current('email')).toBe(english);
    expect(result.current('rate')).toBe('rate→rate');
    expect(result.current('missing')).toBeUndefined();

    await act(() => i18n.changeLanguage('zh-CN'));
    const chinese = new ApiError({ code: 'AccountExist', status: 409, lang: 'zh-CN' }).message;
    expect(chinese).not.toBe(english);
    expect(result.current('email')).toBe(chinese);
    await act(() => i18n.changeLanguage('en'));
  });
});

describe('schemaResolver', () => {
  const Schema = z.object({ name: z.string().min(1), size: z.string().regex(/^\d+$/) });

  it('keeps the first issue of each field as {type: issue code, message: the form key}', async () => {
    const resolver = schemaResolver<{ name: string; size: string }, z.output<typeof Schema>>(Schema, {
      message: (issue) => `key:${issue.code}`,
    });
    const result = await resolver({ name: '', size: 'x' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toMatchObject({
      name: { type: 'too_small', message: 'key:too_small' },
      size: { type: 'invalid_format', message: 'key:invalid_format' },
    });
    const ok = await resolver({ name: 'A', size: '3' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok).toEqual({ values: { name: 'A', size: '3' }, errors: {} });
  });
});
