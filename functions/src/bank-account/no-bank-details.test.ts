import { LANGS } from '@tranche/shared/i18n/langs';
import { placeholdersOfKind } from '@tranche/shared/inbox/catalogue';
import { INBOX_KINDS } from '@tranche/shared/inbox/kinds';
import { ENV } from '@tranche/shared/infra/table';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageEmail, REDACTED, urgentText } from '../inbox/email.js';
import type { MessageItem } from '../inbox/inbox.repo.js';

/**
 * "Bank details never appear in an email" (issue 11, Deliver 8), checked over every template. Chosen
 * over a mailer that refuses a body holding one of the sender's account numbers: an email is not sent
 * on behalf of one profile (a GP notice names an investor's; a digest lists several), so the mailer
 * would have to read every profile's numbers for each send, and it would still miss a number typed
 * in another form. Instead no text carries one by construction (no placeholder may name an account,
 * catalogue.test.ts; events carry ids, never numbers, profile-events.ts), and this test fills every
 * placeholder of every kind with account numbers in the forms people type them and requires that the
 * rendered email and text, in every language, hold none of them.
 */
const NUMBERS = ['123456789012', 'GB82 WEST 1234 5698 7654 32', 'DE89370400440532013000', '021000021'];

beforeAll(() => {
  process.env[ENV.portalBaseUrl] ??= 'https://portal.example';
});

describe.each(INBOX_KINDS)('%s', (kind) => {
  it.each(NUMBERS)('never carries the account number %s', async (number) => {
    const params = Object.fromEntries(placeholdersOfKind(kind).map((p) => [p, `Ada ${number}`]));
    const message = { kind, messageId: '01J00000000000000000000MSG', params } as unknown as MessageItem;
    for (const lang of LANGS) {
      const email = await messageEmail('ada@investor.example', lang, 'Alpine Capital', 'alpine', message);
      const text = urgentText(lang, 'Alpine Capital', message);
      for (const out of [email.subject, email.text, text]) {
        expect(out).not.toContain(number);
        expect(out.replace(/\s+/g, '')).not.toContain(number.replace(/\s+/g, ''));
      }
    }
  });
});

/**
 * The other side of the redaction: it must not eat the templates' own words. Every kind rendered with
 * plain names, in every language, reads as written (BANK_CHANGE_DECIDED's title once read
 * "Bank [hidden: see the portal]" because "account change reviewed…" looked like an account detail).
 */
describe('templates read as written', () => {
  it.each(INBOX_KINDS)('%s keeps every word', async (kind) => {
    const params = Object.fromEntries(placeholdersOfKind(kind).map((p) => [p, 'Ada Holdings']));
    const message = { kind, messageId: '01JDZ4KQ7M3XW9RT5BH2NC6PVA', params } as unknown as MessageItem;
    for (const lang of LANGS) {
      const email = await messageEmail('ada@investor.example', lang, 'Alpine Capital', 'alpine', message);
      for (const out of [email.subject, email.text, urgentText(lang, 'Alpine Capital', message)]) {
        expect(out).not.toContain(REDACTED);
      }
    }
  });
});
