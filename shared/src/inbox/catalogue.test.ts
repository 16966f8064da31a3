import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { EVENT_CATALOGUE, isEventName } from '../events/catalogue.js';
import { LANGS } from '../i18n/langs.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import {
  ACTION_LABELS,
  INBOX_CATALOGUE,
  kindsClosedBy,
  kindsOpenedBy,
  localisedParams,
  placeholdersOf,
  placeholdersOfKind,
  renderKind,
} from './catalogue.js';
import { INBOX_KINDS, TASK_ACTIONS } from './kinds.js';
import { sampleClosingEvent, sampleInboxEvent } from './samples.js';
import { TASK_LIFECYCLE, viewStatus } from './task-lifecycle.js';

const USERS = ['01J0000000000000000000USR1', '01J0000000000000000000USR2'];

describe('the inbox catalogue', () => {
  it('holds the spec’s "about 32" kinds, each in the catalogue once', () => {
    expect(INBOX_KINDS.length).toBeGreaterThanOrEqual(32);
    expect(Object.keys(INBOX_CATALOGUE).sort()).toEqual([...INBOX_KINDS].sort());
  });

  it.each(INBOX_KINDS)('%s has a title and body in every language, with the same placeholders', (kind) => {
    const def = INBOX_CATALOGUE[kind];
    for (const lang of LANGS) {
      expect(def.title[lang].trim(), `${kind} title ${lang}`).not.toBe('');
      expect(def.body[lang].trim(), `${kind} body ${lang}`).not.toBe('');
    }
    const en = [...placeholdersOf(def.title.en), ...placeholdersOf(def.body.en)].sort();
    const zh = [...placeholdersOf(def.title['zh-CN']), ...placeholdersOf(def.body['zh-CN'])].sort();
    expect(new Set(zh)).toEqual(new Set(en));
  });

  it.each(INBOX_KINDS)('%s is opened by catalogued events that carry every placeholder it uses', (kind) => {
    const def = INBOX_CATALOGUE[kind];
    expect(def.opens.length).toBeGreaterThan(0);
    for (const name of [...def.opens, ...def.closes]) expect(isEventName(name), name).toBe(true);
    const sample = sampleInboxEvent(kind, '01J00000000000000000000REF', USERS);
    const schema = EVENT_CATALOGUE[sample.name].payload;
    expect(schema.safeParse(sample.payload).success, JSON.stringify(sample.payload)).toBe(true);
    expect(kindsOpenedBy(sample.name, sample.payload)).toContain(kind);
    // Every placeholder is required by the event: a payload without it is refused.
    for (const p of placeholdersOfKind(kind).filter((x) => x !== 'refId' && x !== 'productId')) {
      const { [p]: _dropped, ...without } = sample.payload;
      expect(schema.safeParse(without).success, `${sample.name} without ${p}`).toBe(false);
    }
    // Rendered, nothing is left unfilled.
    for (const lang of LANGS) {
      const { title, body } = renderKind(kind, lang, sample.payload as Record<string, string>);
      expect(`${title} ${body}`).not.toMatch(/\{\w+\}/);
    }
  });

  it('makes every task closable by an event, and only tasks are closed', () => {
    for (const kind of INBOX_KINDS) {
      const def = INBOX_CATALOGUE[kind];
      if (def.category === 'TASK_MESSAGE') {
        expect(def.closes.length, kind).toBeGreaterThan(0);
        expect(def.actors.length, kind).toBeGreaterThan(0);
        const closing = sampleClosingEvent(kind, 'REF', USERS);
        expect(kindsClosedBy(closing.name)).toContain(kind);
      } else {
        expect(def.closes, kind).toEqual([]);
        expect(def.actors, kind).toEqual([]);
      }
      for (const actor of def.actors) expect(ROLES).toContain(actor);
    }
  });

  it('closes every task about a subscription when it ends without the manager, and opens countersigning on approval', () => {
    const subscriptionTasks = INBOX_KINDS.filter((kind) => {
      const def = INBOX_CATALOGUE[kind];
      return (
        def.category === 'TASK_MESSAGE' && def.opens.some((name) => EVENT_CATALOGUE[name].subject === 'subscription')
      );
    });
    expect(subscriptionTasks).toContain('GP_COUNTERSIGN');
    for (const ending of [
      'SUBSCRIPTION_REJECTED',
      'SUBSCRIPTION_WITHDRAWN',
      'SUBSCRIPTION_CANCELLED',
      'SUBSCRIPTION_EXPIRED',
    ] as const)
      expect(kindsClosedBy(ending), ending).toEqual(expect.arrayContaining(subscriptionTasks));
    // The lifecycle allows COUNTERSIGN only from APPROVED: the task must not exist before then.
    expect(kindsOpenedBy('SUBSCRIPTION_APPROVED', {})).toContain('GP_COUNTERSIGN');
    expect(kindsOpenedBy('SUBSCRIPTION_SIGNED', {})).not.toContain('GP_COUNTERSIGN');
  });

  it('opens exactly one capital-call variant and one material task per event', () => {
    for (const kind of ['CAPITAL_CALL_OPEN_ENDED', 'CAPITAL_CALL_CLOSE_ENDED', 'CAPITAL_CALL_IRA'] as const) {
      const sample = sampleInboxEvent(kind, 'REF', USERS);
      expect(kindsOpenedBy(sample.name, sample.payload)).toEqual([kind]);
      // A payment taken back by a correction opens the same variant again (docs/money.md).
      expect(EVENT_CATALOGUE.CAPITAL_CALL_PAYMENT_UNDONE.payload.safeParse(sample.payload).success).toBe(true);
      expect(kindsOpenedBy('CAPITAL_CALL_PAYMENT_UNDONE', sample.payload)).toEqual([kind]);
    }
    for (const kind of ['ADDRESS_MATERIAL_REQUIRED', 'BANK_MATERIAL_REQUIRED', 'IDENTITY_MATERIAL_REQUIRED'] as const) {
      const sample = sampleInboxEvent(kind, 'REF', USERS);
      expect(kindsOpenedBy(sample.name, sample.payload)).toEqual([kind]);
    }
  });

  it('labels every action in every language, the spec’s labels word for word', () => {
    for (const action of TASK_ACTIONS) for (const lang of LANGS) expect(ACTION_LABELS[action][lang]).not.toBe('');
    expect(
      ['VIEW_INVESTMENT', 'VIEW_OPPORTUNITIES', 'UPLOAD', 'INSTRUCT', 'AMEND_INVESTMENT', 'AMEND_REDEMPTION'].map(
        (a) => ACTION_LABELS[a as keyof typeof ACTION_LABELS].en,
      ),
    ).toEqual([
      'View investment',
      'View opportunities',
      'Upload',
      'Instruct',
      'Amend your investment',
      'Amend your redemption',
    ]);
  });

  it("shows a scenario's own words in each reader's language, cleaned, cut, never filled again", () => {
    const sample = sampleInboxEvent('SCENARIO_MESSAGE', 'REF', USERS);
    expect(kindsOpenedBy(sample.name, sample.payload)).toEqual(['SCENARIO_MESSAGE']);
    expect(kindsOpenedBy(sample.name, { ...sample.payload, to: 'GP_TEAM' })).toEqual(['GP_SCENARIO_MESSAGE']);
    const params = localisedParams('SCENARIO_MESSAGE', {
      title: { en: 'Welcome {fund}\u0007 aboard', 'zh-CN': '欢迎\u202e加入' },
      body: { en: `Line one\r\nline two ${'x'.repeat(3000)}`, 'zh-CN': '正文' },
    });
    const en = renderKind('SCENARIO_MESSAGE', 'en', params);
    const zh = renderKind('SCENARIO_MESSAGE', 'zh-CN', params);
    // Braces in an author's text stay as written: no placeholder inside a value is ever filled.
    expect(en.title).toBe('Welcome {fund} aboard');
    expect(zh.title).toBe('欢迎加入');
    expect(en.body.startsWith('Line one\nline two x')).toBe(true);
    expect(en.body).toHaveLength(2000);
    expect(en.body.endsWith('…')).toBe(true);
    expect(zh.body).toBe('正文');
    // A text in one language only is shown to every reader.
    const enOnly = localisedParams('GP_SCENARIO_MESSAGE', { title: { en: 'Only English' }, body: { en: 'Body' } });
    expect(renderKind('GP_SCENARIO_MESSAGE', 'zh-CN', enOnly).title).toBe('Only English');
  });

  it('never has a placeholder for bank details', () => {
    const banned = /bank|account|iban|swift|bic|routing|wire|sortcode/i;
    for (const kind of INBOX_KINDS) for (const p of placeholdersOfKind(kind)) expect(p, kind).not.toMatch(banned);
  });
});

describe('the task lifecycle', () => {
  it('reports a task someone else did as closed, and one’s own as done', () => {
    expect(viewStatus('DONE', 'a', 'a')).toBe('DONE');
    expect(viewStatus('DONE', 'a', 'b')).toBe('CLOSED');
    expect(viewStatus('OPEN', undefined, 'b')).toBe('OPEN');
  });

  it('refuses any action on an ended task with TASK_CLOSED, and the wrong way to end one with ILLEGAL_TASK', () => {
    for (const state of ['DONE', 'CLOSED'] as const) {
      expect(() => TASK_LIFECYCLE.next(state, 'COMPLETE', 'ASSIGNEE', { approval: false })).toThrow(
        expect.objectContaining({ code: 'TASK_CLOSED' }),
      );
    }
    expect(() => TASK_LIFECYCLE.next('OPEN', 'COMPLETE', 'ASSIGNEE', { approval: true })).toThrow(
      expect.objectContaining({ code: 'ILLEGAL_TASK' }),
    );
    expect(() => TASK_LIFECYCLE.next('OPEN', 'DECIDE', 'ASSIGNEE', { approval: false })).toThrow(
      expect.objectContaining({ code: 'ILLEGAL_TASK' }),
    );
    expect(TASK_LIFECYCLE.next('IN_PROGRESS', 'DECIDE', 'ASSIGNEE', { approval: true })).toBe('DONE');
  });
});

describeLifecycleProperties(TASK_LIFECYCLE, {
  actors: ['ASSIGNEE', 'SYSTEM'],
  contexts: fcContexts(),
});

function fcContexts() {
  // Both kinds of task: completed ones and decided ones.
  return fc.constantFrom({ approval: true }, { approval: false });
}
