import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MfaMethod } from '@tranche/shared/enums';
import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketFromChallenge } from '@/features/auth/api/mfa-ticket';
import type { StoredMfaTicket } from '@/lib/storage';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import { MfaChallenge } from './mfa-challenge';

const TICKET = 'T'.repeat(43);
const user = {
  userId: '01HZY3C9W8ZK1N6S2B7QK5V4XB',
  tenantId: '01HZY3C9W8ZK1N6S2B7QK5V4XA',
  email: 'ada@investor.example',
  displayName: 'Ada',
  role: 'LP',
  inviteStatus: 'REGISTERED',
  accountState: 'normal',
  mfaMethods: ['authenticator'],
  language: 'en',
  currency: 'USD',
};

const fetchMock = mockFetch({ csrf: true });
const callsTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const ticketWith = (methods: MfaMethod[]): StoredMfaTicket => ({
  ticket: TICKET,
  methods,
  expiresAt: Date.now() + 300_000,
});

const renderChallenge = (ticket: StoredMfaTicket) => {
  const onSignedIn = vi.fn();
  const onRestart = vi.fn();
  const rendered = renderWithApp(<MfaChallenge ticket={ticket} onSignedIn={onSignedIn} onRestart={onRestart} />);
  return { ...rendered, onSignedIn, onRestart };
};

const typeCode = (label: string, code: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: code } });

describe('the MFA step of sign-in', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('reads the challenge of a mfaIsRequired answer, offering the authenticator first and dropping unknown methods', () => {
    const ticket = ticketFromChallenge(
      { ticket: TICKET, methods: ['sms', 'carrier-pigeon', 'email', 'authenticator'], expiresInSeconds: 300 },
      '/gp',
      1_000,
    );
    expect(ticket).toEqual({
      ticket: TICKET,
      methods: ['authenticator', 'email', 'sms'],
      expiresAt: 301_000,
      next: '/gp',
    });
    expect(ticketFromChallenge({ ticket: TICKET, methods: ['carrier-pigeon'] }, undefined)).toBeUndefined();
    expect(ticketFromChallenge({ methods: ['email'] }, undefined)).toBeUndefined();
  });

  it('takes an authenticator code at once and completes the sign-in with it', async () => {
    fetchMock.mockResolvedValue(json(200, { user, mfaEnrolmentRequired: false }));
    const { onSignedIn } = renderChallenge(ticketWith(['authenticator', 'email']));

    expect(screen.getByRole('radio', { name: 'Authenticator app' })).toHaveProperty('checked', true);
    typeCode('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ user, mfaEnrolmentRequired: false }));
    expect(callsTo('/mfa/verify')).toEqual([{ ticket: TICKET, method: 'authenticator', code: '123456' }]);
    expect(callsTo('/mfa/send-code')).toEqual([]);
  });

  it('sends an email code first, says a login link was emailed too, then verifies the email code', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/mfa/send-code')
        ? json(200, { sentTo: 'a***@investor.example', codeExpiresInSeconds: 300 })
        : json(200, { user, mfaEnrolmentRequired: false }),
    );
    const { onSignedIn, storage } = renderChallenge(ticketWith(['authenticator', 'email']));

    fireEvent.click(screen.getByRole('radio', { name: 'Email' }));
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }));

    expect(await screen.findByText(/We emailed a code to a\*\*\*@investor\.example/)).toBeTruthy();
    expect(screen.getByText(/also has a sign-in link/)).toBeTruthy();
    expect(callsTo('/mfa/send-code')).toEqual([{ ticket: TICKET, method: 'email' }]);
    expect(storage.get('verificationCodeSentAt')?.mfaEmail).toBeTruthy();
    expect(screen.getByRole('button', { name: /Send a new code \(\d+ s\)/ })).toHaveProperty('disabled', true);

    typeCode('Verification code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(callsTo('/mfa/verify')).toEqual([{ ticket: TICKET, method: 'email', code: '654321' }]);
  });

  it('with SMS as the only method shows no choice and offers to text a code', async () => {
    fetchMock.mockResolvedValue(json(200, { sentTo: '+44*****123', codeExpiresInSeconds: 300 }));
    renderChallenge(ticketWith(['sms']));
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('We texted a code to +44*****123.')).toBeTruthy();
    expect(callsTo('/mfa/send-code')).toEqual([{ ticket: TICKET, method: 'sms' }]);
  });

  it('shows a wrong code with the catalogue message on the code field, and the tries left', async () => {
    fetchMock.mockResolvedValue(
      json(401, { code: 'mfaAuthFailed', message: 'x', requestId: 'r', details: { remainingTries: 3 } }),
    );
    const { onSignedIn, onRestart } = renderChallenge(ticketWith(['authenticator']));
    typeCode('Verification code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByText(ERROR_CATALOGUE.mfaAuthFailed.messages.en)).toBeTruthy();
    expect(screen.getByText('3 tries left for this sign-in.')).toBeTruthy();
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(onRestart).not.toHaveBeenCalled();
  });

  it('checks the code format before asking the server', async () => {
    renderChallenge(ticketWith(['authenticator']));
    typeCode('Verification code', '12ab');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter the six digits.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['ticketInvalid', 'AccountLockoutNew'] as const)(
    'goes back to the password step when the answer is %s, and forgets a dead ticket',
    async (code) => {
      fetchMock.mockResolvedValue(json(code === 'ticketInvalid' ? 401 : 423, { code, message: 'x', requestId: 'r' }));
      const ticket = ticketWith(['authenticator']);
      const { onRestart, storage } = renderChallenge(ticket);
      storage.set('mfaTicket', ticket);
      typeCode('Verification code', '123456');
      fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));

      await waitFor(() => expect(onRestart).toHaveBeenCalledTimes(1));
      expect(onRestart.mock.calls[0]?.[0]).toMatchObject({ code });
      expect(storage.get('mfaTicket')).toEqual(code === 'ticketInvalid' ? undefined : ticket);
    },
  );
});
