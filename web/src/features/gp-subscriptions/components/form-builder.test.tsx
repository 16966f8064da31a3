import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormElement, ScenarioGraph, ScenarioNode } from '@tranche/shared/scenario/scenario.schema';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useGpSubscriptionsLocales } from '@/features/gp-subscriptions/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { FormBuilder } from './form-builder';
import { SignFields } from './node-fields';

const WithLocales = ({ children }: { children: ReactNode }) => {
  useGpSubscriptionsLocales();
  return children;
};

const L = (en: string) => ({ en, 'zh-CN': `${en} (zh)` });

/** The builder over one element, its state kept as the editor keeps it; `seen` gets every change. */
const Builder = ({ start, seen }: { start: FormElement; seen: (els: FormElement[]) => void }) => {
  const [elements, setElements] = useState([start]);
  return (
    <FormBuilder
      elements={elements}
      palette={undefined}
      readOnly={false}
      onChange={(next) => {
        seen(next);
        setElements(next);
      }}
    />
  );
};

const last = (seen: ReturnType<typeof vi.fn>): FormElement => {
  const element = (seen.mock.lastCall?.[0] as FormElement[] | undefined)?.[0];
  if (!element) throw new Error('The builder sent no change');
  return element;
};

const fetchMock = mockFetch();

describe('the form builder: checks and help', () => {
  it("sets an amount's limits as numbers and says a reversed pair on the upper one", async () => {
    const seen = vi.fn();
    renderWithApp(
      <WithLocales>
        <Builder
          start={{ id: 'amount', element: 'AMOUNT', label: L('Amount'), requirement: 'MANDATORY' }}
          seen={seen}
        />
      </WithLocales>,
    );
    const min = await screen.findByRole('textbox', { name: 'Smallest amount' });
    const max = screen.getByRole('textbox', { name: 'Largest amount' });
    // An amount has no lengths nor pattern.
    expect(screen.queryByRole('textbox', { name: /Pattern/ })).toBeNull();
    fireEvent.change(min, { target: { value: '5000' } });
    fireEvent.change(max, { target: { value: '1000' } });
    expect(last(seen).validators).toEqual({ min: 5000, max: 1000 });
    expect(await screen.findByText('The largest amount is below the smallest.')).toBeTruthy();
    fireEvent.change(max, { target: { value: '100000.5' } });
    expect(last(seen).validators).toEqual({ min: 5000, max: 100000.5 });
    expect(screen.queryByText('The largest amount is below the smallest.')).toBeNull();

    // Not a number: said on the box, the element keeps its limit; emptied: the limit goes.
    const calls = seen.mock.calls.length;
    fireEvent.change(min, { target: { value: '5k' } });
    expect(screen.getByText('Enter a number.')).toBeTruthy();
    expect(seen.mock.calls.length).toBe(calls);
    fireEvent.change(min, { target: { value: '' } });
    expect(last(seen).validators).toEqual({ max: 100000.5 });
  });

  it('takes lengths and a pattern for a text, refusing a pattern that does not compile', async () => {
    const seen = vi.fn();
    renderWithApp(
      <WithLocales>
        <Builder
          start={{ id: 'ref', element: 'INPUT', fieldType: 'text', label: L('Reference'), requirement: 'OPTIONAL' }}
          seen={seen}
        />
      </WithLocales>,
    );
    const pattern = await screen.findByRole('textbox', { name: /Pattern/ });
    fireEvent.change(pattern, { target: { value: '[A-Z{2}' } });
    expect(await screen.findByText('This pattern is not a valid regular expression.')).toBeTruthy();
    fireEvent.change(pattern, { target: { value: '[A-Z]{2}[0-9]{6}' } });
    expect(screen.queryByText('This pattern is not a valid regular expression.')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Most characters' }), { target: { value: '8.5' } });
    expect(screen.getByText('Enter a whole number.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Most characters' }), { target: { value: '8' } });
    expect(last(seen).validators).toEqual({ pattern: '[A-Z]{2}[0-9]{6}', maxLength: 8 });
    // No amount limits on a text.
    expect(screen.queryByRole('textbox', { name: 'Smallest amount' })).toBeNull();
  });

  it('adds a help text in both languages, asks for each, and removes it', async () => {
    const seen = vi.fn();
    renderWithApp(
      <WithLocales>
        <Builder
          start={{ id: 'ref', element: 'INPUT', fieldType: 'text', label: L('Reference'), requirement: 'OPTIONAL' }}
          seen={seen}
        />
      </WithLocales>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add a help text to ref' }));
    const en = screen.getByRole('textbox', { name: 'Help text (English)' });
    const zh = screen.getByRole('textbox', { name: 'Help text (Simplified Chinese)' });
    expect(screen.getAllByText('Enter the text in this language too.').length).toBeGreaterThanOrEqual(2);
    fireEvent.change(en, { target: { value: 'As on your bank statement' } });
    fireEvent.change(zh, { target: { value: '与银行对账单一致' } });
    expect(last(seen).help).toEqual({ en: 'As on your bank statement', 'zh-CN': '与银行对账单一致' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the help text of ref' }));
    expect('help' in last(seen)).toBe(false);
    expect(screen.getByRole('button', { name: 'Add a help text to ref' })).toBeTruthy();
  });
});

describe("the sign step's template", () => {
  const sign = {
    id: 'sign',
    kind: 'SIGN',
    title: L('Sign'),
    documentTitle: L('Subscription agreement'),
    signers: ['INVESTOR'],
  } satisfies ScenarioNode;
  const graph: ScenarioGraph = { interactionMode: 'INTERACTIONS', nodes: [sign], edges: [] };
  const template = (templateId: string, name: string) => ({
    templateId,
    name,
    documents: [],
    signers: [],
    tags: [],
    createdAt: '2026-11-02T10:00:00.000Z',
    createdBy: '01HZY3C9W8ZK1N6S2B7QK5V4GP',
  });
  const KEPT = '01JTEMPLATE000000000000001';

  const renderSign = (node: Extract<ScenarioNode, { kind: 'SIGN' }>, onChange = vi.fn()) => {
    fetchMock.mockImplementation(async (input) =>
      new URL(String(input), 'http://x').pathname === '/api/template/list'
        ? json(200, { items: [template(KEPT, 'Subscription agreement 2026')] })
        : json(404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' }),
    );
    renderWithApp(
      <WithLocales>
        <SignFields node={node} graph={graph} readOnly={false} onChange={onChange} />
      </WithLocales>,
    );
    return onChange;
  };

  it("is picked from the tenant's kept templates by name, or none", async () => {
    const onChange = renderSign(sign);
    const select = (await screen.findByRole('combobox', { name: 'Signing template' })) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['None: the fund’s agreement', 'Subscription agreement 2026 (kept Nov 2, 2026)']);
    fireEvent.change(select, { target: { value: KEPT } });
    expect(onChange).toHaveBeenLastCalledWith({ ...sign, templateId: KEPT });
  });

  it('names a template that is no longer kept, and choosing none removes it', async () => {
    const onChange = renderSign({ ...sign, templateId: '01JGONE0000000000000000000' });
    expect(await screen.findByText('This template is no longer kept: choose another, or none.')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Signing template' }) as HTMLSelectElement;
    expect(select.value).toBe('01JGONE0000000000000000000');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(sign);
  });
});
