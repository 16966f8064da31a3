import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GatewayContacts } from '@tranche/shared/scenario/contacts.schema';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { PartyLinks } from './party-links';

const SUB = '01HZY3C9W8ZK1N6S2B7QK5V4SS';
const MEI = '01HZY3C9W8ZK1N6S2B7QK5V4P1';
const SAM = '01HZY3C9W8ZK1N6S2B7QK5V4P2';

const list = (sends: number): GatewayContacts => ({
  subscriptionId: SUB,
  nodeId: 'coHolder',
  nodeTitle: { en: 'Second holder', 'zh-CN': '第二持有人' },
  waiting: true,
  parties: ['JOINT_HOLDER'],
  progress: { completed: 1, total: 2 },
  contacts: [
    {
      personId: MEI,
      name: 'Mei Wong',
      email: 'mei@example.com',
      party: 'JOINT_HOLDER',
      state: sends > 1 ? 'PENDING' : 'OPENED',
      sentAt: '2026-03-01T10:00:00.000Z',
      openedAt: '2026-03-01T11:00:00.000Z',
      expiresAt: '2026-03-08T10:00:00.000Z',
      sends,
      canResend: sends === 1,
    },
    {
      personId: SAM,
      name: 'Sam Lee',
      email: 'sam@example.com',
      party: 'JOINT_HOLDER',
      state: 'COMPLETED',
      completedAt: '2026-03-01T12:00:00.000Z',
      sends: 1,
      canResend: false,
    },
  ],
});

const fetchMock = mockFetch({ csrf: true });

describe('the people a step waits for', { timeout: 15_000 }, () => {
  it('lists each with their link state and resends one link, then shows the new one on its way', async () => {
    let sends = 1;
    const resends: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path === '/api/biteflow/scenario/gateway/instance/gateway-contacts') return json(200, list(sends));
      if (path === '/api/biteflow/scenario/gateway/instance/gateway-contacts/v2') {
        resends.push(JSON.parse(String(init?.body)));
        sends = 2;
        return json(200, {
          subscriptionId: SUB,
          nodeId: 'coHolder',
          personId: MEI,
          state: 'PENDING',
          requestedAt: '2026-03-02T10:00:00.000Z',
        });
      }
      return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
    });
    renderWithApp(<PartyLinks subscriptionId={SUB} heading="Who this step waits for" />);
    expect(await screen.findByText('Mei Wong')).toBeTruthy();
    expect(screen.getByText('Link opened')).toBeTruthy();
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.getByText('1 of 2 done')).toBeTruthy();
    // Only the person still to act has a Resend button; it names them for screen readers.
    expect(screen.queryByRole('button', { name: 'Resend the link to Sam Lee' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend the link to Mei Wong' }));
    await waitFor(() => expect(resends).toEqual([{ subscriptionId: SUB, nodeId: 'coHolder', personId: MEI }]));
    expect(await screen.findByText('Link being sent')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Resend the link to Mei Wong' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("shows nothing for the investor's own step", async () => {
    fetchMock.mockImplementation(async () =>
      json(200, { ...list(1), parties: [], contacts: [], progress: { completed: 0, total: 0 } }),
    );
    const { container } = renderWithApp(<PartyLinks subscriptionId={SUB} heading="Who this step waits for" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // Loaded (the skeleton gone), and nothing in its place.
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull());
    expect(screen.queryByText('Who this step waits for')).toBeNull();
  });
});
