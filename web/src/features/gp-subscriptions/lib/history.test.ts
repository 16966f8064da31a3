import { describe, expect, it } from 'vitest';
import { gpSubscriptionsEn } from '@/features/gp-subscriptions/locales/en';
import { gpSubscriptionsZhCN } from '@/features/gp-subscriptions/locales/zh-CN';
import { createI18n } from '@/i18n';
import { historyEntries } from './history';

const i18n = createI18n('en');
i18n.addResourceBundle('en', 'translation', gpSubscriptionsEn, true, false);
i18n.addResourceBundle('zh-CN', 'translation', gpSubscriptionsZhCN, true, false);

const history = [
  { eventId: 'e1', action: 'SUBSCRIPTION_CREATED', at: '2026-03-01T10:00:00.000Z', actorId: 'u' },
  {
    eventId: 'e2',
    action: 'SUBSCRIPTION_REJECTED',
    at: '2026-03-02T10:00:00.000Z',
    actorId: 'u',
    from: 'REVIEWING' as const,
    to: 'REJECTED' as const,
    reason: 'Source of funds unclear',
  },
  { eventId: 'e3', action: 'SOMETHING_NEW', at: '2026-03-01T12:00:00.000Z', actorId: 'u' },
];

describe('a subscription’s history as sentences', () => {
  it('lists newest first, names the event, the move and the reason', () => {
    const entries = historyEntries(history, 'en', i18n.getFixedT('en'));
    expect(entries.map((e) => e.id)).toEqual(['e2', 'e3', 'e1']);
    expect(entries[0]).toMatchObject({
      sentence: 'Rejected',
      details: ['Reviewing → Rejected', 'Reason: Source of funds unclear'],
    });
    expect(entries[2]?.sentence).toBe('Subscription created');
    // An action this build has no words for still says what was recorded.
    expect(entries[1]?.sentence).toBe('Recorded: SOMETHING_NEW');
  });

  it('speaks Simplified Chinese, statuses included', () => {
    const [rejected] = historyEntries(history, 'zh-CN', i18n.getFixedT('zh-CN'));
    expect(rejected?.sentence).toBe('已拒绝');
    expect(rejected?.details[0]).toBe('审核中 → 已拒绝');
  });
});
