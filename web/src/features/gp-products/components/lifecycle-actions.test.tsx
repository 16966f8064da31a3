import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Role } from '@tranche/shared/auth/roles';
import type { GpProduct } from '@tranche/shared/product/product.schema';
import type { PublishCheck, PublishChecklist } from '@tranche/shared/product/publish-checklist';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useGpProductsLocales } from '@/features/gp-products/locales';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { LifecycleActions } from './lifecycle-actions';

const WithLocales = ({ children }: { children: ReactNode }) => {
  useGpProductsLocales();
  return children;
};

const product = (over: Partial<GpProduct> = {}): GpProduct => ({
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  kind: 'FUND',
  name: { en: 'Glacier Infrastructure' },
  summary: { en: 'Core infrastructure.' },
  fundType: 'CLOSE_ENDED',
  dealingFrequency: 'QUARTERLY',
  investmentPermission: 'ALLOW_INVESTMENT',
  openness: 'OPEN',
  objectives: [],
  strategies: [],
  regions: [],
  investorTypes: ['ANY'],
  currency: 'USD',
  minInvestment: '100000',
  targetSize: '1000000',
  shareClasses: [],
  state: 'DRAFT',
  version: 3,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
  ...over,
});

const CLASS_A = {
  shareClassId: '01HZY3C9W8ZK1N6S2B7QK5V4XN',
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  name: { en: 'Class A' },
  currency: 'USD',
  minInvestment: '100000',
  managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' },
  subscriptionFee: { type: 'PERCENTAGE', display: 'FLAT', value: '0' },
  version: 1,
} as GpProduct['shareClasses'][number];
/** A draft ready to publish: it has a share class. */
const ready = (over: Partial<GpProduct> = {}) => product({ shareClasses: [CLASS_A], ...over });

const fetchMock = mockFetch();

/** A checklist answer: every check passes but the ones given. */
const checklist = (...open: Pick<PublishCheck, 'id' | 'level'>[]): PublishChecklist => ({
  takesMoney: true,
  checks: [
    { id: 'shareClasses', level: 'required', ok: true },
    { id: 'contract', level: 'required', ok: true },
    { id: 'documents', level: 'recommended', ok: true },
  ].map((c) =>
    open.some((o) => o.id === c.id) ? { ...c, ...open.find((o) => o.id === c.id), ok: false } : c,
  ) as PublishCheck[],
});

/** Answers the checklist route with `list`, and every other call with `other`. */
const answer = (list: PublishChecklist, other: () => Response) =>
  fetchMock.mockImplementation(async (url) => (String(url).endsWith('/publish-checklist') ? json(200, list) : other()));
const transitionCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/transitions'));

beforeEach(() => {
  answer(checklist(), () => json(500, { code: 'INTERNAL', message: 'x', requestId: 'r' }));
});

const renderActions = (p: GpProduct, role: Role, onChanged = vi.fn(), onReload = vi.fn()) => {
  renderWithApp(
    <WithLocales>
      <LifecycleActions product={p} role={role} onChanged={onChanged} onReload={onReload} />
    </WithLocales>,
  );
  return { onChanged, onReload };
};

describe('lifecycle actions', { timeout: 15_000 }, () => {
  it('offers a member nothing, and an admin only what the lifecycle table allows in each state', () => {
    renderActions(product(), 'GP_MEMBER');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it.each([
    ['DRAFT', ['Publish']],
    ['PUBLISHED', ['Unpublish', 'Close']],
    ['CLOSED', ['Reopen']],
  ] as const)('shows an admin of a %s product: %s', (state, buttons) => {
    renderActions(ready({ state }), 'GP_ADMIN');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(buttons);
  });

  it('publishes only after confirmation, sending the version it shows', async () => {
    answer(checklist(), () => json(200, ready({ state: 'PUBLISHED', version: 4 })));
    const { onChanged } = renderActions(ready(), 'GP_OWNER');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish “Glacier Infrastructure”?' });
    expect(await screen.findByText('Everything is in place.')).toBeTruthy();
    expect(transitionCalls()).toHaveLength(0);

    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Publish') as HTMLButtonElement,
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ state: 'PUBLISHED' })));
    const calls = transitionCalls();
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0] as [string, RequestInit];
    expect(url).toBe('/api/gp/products/01HZY3C9W8ZK1N6S2B7QK5V4XM/transitions');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ event: 'PUBLISH', version: 3 });
  });

  it('lists open recommendations and publishes only once the GP confirms them, naming them to the API', async () => {
    answer(checklist({ id: 'documents', level: 'recommended' }), () =>
      json(200, ready({ state: 'PUBLISHED', version: 4 })),
    );
    const { onChanged } = renderActions(ready(), 'GP_ADMIN');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    const confirmBox = await screen.findByRole('checkbox', { name: /reviewed the open recommended items/ });
    expect(dialog.textContent).toContain('At least one ready document');
    expect(screen.getByRole('link', { name: 'Fix: At least one ready document' }).getAttribute('href')).toBe(
      '/gp/products/01HZY3C9W8ZK1N6S2B7QK5V4XM/documents',
    );
    const publish = [...dialog.querySelectorAll('button')].find(
      (b) => b.textContent === 'Publish',
    ) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    fireEvent.click(confirmBox);
    expect(publish.disabled).toBe(false);
    fireEvent.click(publish);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const [, init] = transitionCalls()[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      event: 'PUBLISH',
      version: 3,
      acknowledgedWarnings: ['documents'],
    });
  });

  it('tells the user when someone else changed the product first, and reloads on request', async () => {
    fetchMock.mockImplementation(async () => json(409, { code: 'VERSION_CONFLICT', message: 'x', requestId: 'r' }));
    const { onChanged, onReload } = renderActions(ready({ state: 'PUBLISHED' }), 'GP_ADMIN');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close the product' }));
    expect(await screen.findByText('Someone else changed this first')).toBeTruthy();
    expect(dialog.textContent).toContain('nothing was overwritten');
    fireEvent.click(screen.getByRole('button', { name: 'Reload the latest version' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('shows Publish disabled while a required check fails, saying why, and sends nothing', async () => {
    answer(checklist({ id: 'shareClasses', level: 'required' }), () => json(500, {}));
    renderActions(product(), 'GP_ADMIN');
    const reason = await screen.findByText('Add at least one share class before publishing.');
    const publish = screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    expect(publish.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(publish);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(transitionCalls()).toHaveLength(0);
  });

  it('still shows the catalogue message if the API refuses a publish (a share class deleted meanwhile)', async () => {
    answer(checklist(), () => json(409, { code: 'productNeedsShareClass', message: 'x', requestId: 'r' }));
    renderActions(ready(), 'GP_ADMIN');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    await screen.findByText('Everything is in place.');
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Publish') as HTMLButtonElement,
    );
    expect(await screen.findByText('Add at least one share class before publishing.')).toBeTruthy();
  });
});
