import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProductInput } from '@tranche/shared/product/product.schema';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyProductValues } from '@/features/gp-products/lib/form-values';
import { useGpProductsLocales } from '@/features/gp-products/locales';
import { useProductPageLocales } from '@/features/products';
import { ApiError } from '@/lib/api-error';
import { renderWithApp } from '@/test/render';
import { ProductForm } from './product-form';

const WithLocales = ({ children }: { children: ReactNode }) => {
  useProductPageLocales();
  useGpProductsLocales();
  return children;
};

const renderForm = (onSubmit: (input: ProductInput) => Promise<void>, onReload = vi.fn()) =>
  renderWithApp(
    <WithLocales>
      <ProductForm
        defaultValues={emptyProductValues('USD')}
        currencies={['USD', 'EUR']}
        onSubmit={onSubmit}
        submitLabel="Create draft"
        onReload={onReload}
      />
    </WithLocales>,
  );

// Required fields' labels end in an asterisk.
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const fillRequired = () => {
  type('Name (English)', 'Glacier Infrastructure');
  type('Summary (English)', 'Core infrastructure across Europe.');
  type('Target size', '250000000');
  type('Minimum investment', '100000');
};
const errorOf = (label: string) => {
  const input = field(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('the product form', { timeout: 20_000 }, () => {
  // happy-dom has no FontFaceSet; Mantine's autosizing textareas listen to it.
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses a maximum below the minimum on the maximum field, with the shared rule, before sending', async () => {
    const onSubmit = vi.fn(async (_input: ProductInput) => undefined);
    renderForm(onSubmit);
    fillRequired();
    type('Maximum investment', '5000');
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));

    await waitFor(() =>
      expect(errorOf('Maximum investment')).toBe('The maximum must not be below the minimum investment.'),
    );
    expect(field('Maximum investment').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    type('Maximum investment', '500000');
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: { en: 'Glacier Infrastructure' },
      minInvestment: '100000',
      maxInvestment: '500000',
      targetSize: '250000000',
    });
  });

  it("takes the fund's redemption gate as a percentage above 0 and at most 100, and sends it back", async () => {
    const onSubmit = vi.fn(async (_input: ProductInput) => undefined);
    renderForm(onSubmit);
    fillRequired();
    const gate = 'Redemption gate (% of NAV)';
    type(gate, '150');
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() =>
      expect(errorOf(gate)).toBe('Enter a percentage above 0 and at most 100, with at most 2 decimals, such as 25.'),
    );
    type(gate, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(errorOf(gate)).toContain('above 0'));
    expect(onSubmit).not.toHaveBeenCalled();

    type(gate, '12.5');
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ redemptionGatePercent: '12.5' });
  });

  it('keeps a stored gate on the next save (the PUT replaces the whole product)', async () => {
    const onSubmit = vi.fn(async (_input: ProductInput) => undefined);
    renderWithApp(
      <WithLocales>
        <ProductForm
          defaultValues={{
            ...emptyProductValues('USD'),
            name: { en: 'Glacier', 'zh-CN': '' },
            summary: { en: 'Core.', 'zh-CN': '' },
            targetSize: '1000',
            minInvestment: '10',
            redemptionGatePercent: '25',
          }}
          currencies={['USD']}
          onSubmit={onSubmit}
          submitLabel="Save"
          onReload={vi.fn()}
        />
      </WithLocales>,
    );
    expect((field('Redemption gate (% of NAV)') as HTMLInputElement).value).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ redemptionGatePercent: '25' });
  });

  it('shows only the fee inputs its display type uses', async () => {
    renderForm(vi.fn());
    const fee = screen.getByRole('group', { name: 'Performance fee' });
    expect(fee.querySelectorAll('input, select')).toHaveLength(1); // the switch

    fireEvent.click(screen.getAllByRole('switch', { name: 'Charge this fee' })[2] as HTMLElement);
    await screen.findAllByLabelText('Charged as');
    const within = (label: string) =>
      [...fee.querySelectorAll('label')].some((l) => l.textContent?.replace(/\s*\*$/, '') === label);
    expect(within('Value')).toBe(true);
    expect(within('From')).toBe(false);

    const display = fee.querySelectorAll('select')[1] as HTMLSelectElement;
    fireEvent.change(display, { target: { value: 'RANGE' } });
    await waitFor(() => expect(within('From')).toBe(true));
    expect(within('To')).toBe(true);
    expect(within('Value')).toBe(false);

    fireEvent.change(display, { target: { value: 'OTHER' } });
    await waitFor(() => expect(within('Description (English)')).toBe(true));
    expect(within('From')).toBe(false);
    expect(within('Value')).toBe(false);
  });

  it("puts the server's field errors on the fields at fault", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        code: 'PARAMS_ERROR',
        status: 400,
        lang: 'en',
        fieldErrors: [{ field: 'targetSize', rule: 'invalid_format' }],
      });
    });
    renderForm(onSubmit);
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() =>
      expect(errorOf('Target size')).toBe('Enter an amount such as 1000000.00 (digits, a dot, up to 6 decimals).'),
    );
  });

  it('says someone else saved first and offers to reload, on a version conflict', async () => {
    const onReload = vi.fn();
    renderForm(async () => {
      throw new ApiError({ code: 'VERSION_CONFLICT', status: 409, lang: 'en' });
    }, onReload);
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Someone else changed this first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the latest version' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
