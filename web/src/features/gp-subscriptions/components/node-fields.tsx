import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { Lang } from '@tranche/shared/i18n/langs';
import {
  type ScenarioGraph,
  type ScenarioLabels,
  type ScenarioNode,
  SUBSCRIPTION_WRITABLE_FIELDS,
  type SubscriptionWritableField,
} from '@tranche/shared/scenario/scenario.schema';
import { ROUTABLE_SUBSCRIPTION_FIELDS } from '@tranche/shared/scenario/validate';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { useSigningTemplateChoices } from '@/features/gp-subscriptions/api/scenarios';
import {
  CONDITION_OPS,
  conditionFields,
  DEFAULT_CONDITION,
  freeId,
  parseConditionValue,
  resultSources,
} from '@/features/gp-subscriptions/lib/graph';
import { useLang } from '@/i18n/use-lang';
import { formatDate } from '@/lib/format';

type Of<K extends ScenarioNode['kind']> = Extract<ScenarioNode, { kind: K }>;

export interface KindEditorProps<K extends ScenarioNode['kind']> {
  node: Of<K>;
  graph: ScenarioGraph;
  readOnly: boolean;
  onChange: (node: Of<K>) => void;
}

const LANGS: readonly Lang[] = ['en', 'zh-CN'];

/** A text the investor reads in both languages: two inputs, each named with its language. */
export const LabelsInput = ({
  what,
  value,
  onChange,
  readOnly,
  multiline,
}: {
  what: string;
  value: ScenarioLabels;
  onChange: (value: ScenarioLabels) => void;
  readOnly: boolean;
  multiline?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start">
      {LANGS.map((lang) => {
        const props = {
          label: t('gpSubscriptions.editor.inLang', { what, lang: t(`gpSubscriptions.editor.langs.${lang}`) }),
          value: value[lang],
          readOnly,
          required: true,
          error: value[lang].trim() === '' ? t('gpSubscriptions.editor.textRequired') : undefined,
          onChange: (e: { currentTarget: { value: string } }) => onChange({ ...value, [lang]: e.currentTarget.value }),
        };
        return multiline ? (
          <Textarea key={lang} {...props} autosize minRows={2} />
        ) : (
          <TextInput key={lang} {...props} />
        );
      })}
    </Group>
  );
};

/** The × that removes one entry of an editable list, named after the entry for screen readers. */
export const RemoveButton = ({
  name,
  onClick,
  disabled = false,
  mb,
}: {
  name: string;
  onClick: () => void;
  disabled?: boolean;
  /** Lines the × up with an input's box when it sits beside a labelled input. */
  mb?: number;
}) => {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      color="red.8"
      mb={mb}
      disabled={disabled}
      onClick={onClick}
      aria-label={t('gpSubscriptions.editor.remove', { id: name })}
    >
      ×
    </ActionIcon>
  );
};

/** One entry of an editable list, with its remove button (named after the entry for screen readers). */
export const ListItem = ({
  name,
  readOnly,
  onRemove,
  canRemove = true,
  children,
}: {
  name: string;
  readOnly: boolean;
  onRemove: () => void;
  canRemove?: boolean;
  children: ReactNode;
}) => (
  <Paper withBorder p="sm" radius="sm">
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {name}
        </Text>
        {!readOnly && <RemoveButton name={name} disabled={!canRemove} onClick={onRemove} />}
      </Group>
      {children}
    </Stack>
  </Paper>
);

const AddButton = ({ readOnly, onClick, children }: { readOnly: boolean; onClick: () => void; children: string }) =>
  readOnly ? null : (
    <Group>
      <Button variant="light" size="xs" onClick={onClick}>
        {children}
      </Button>
    </Group>
  );

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="sm">
    <Title order={3} size="h5">
      {title}
    </Title>
    {children}
  </Stack>
);

const replaceAt = <T,>(list: readonly T[], i: number, item: T): T[] => list.map((x, j) => (j === i ? item : x));
const removeAt = <T,>(list: readonly T[], i: number): T[] => list.filter((_, j) => j !== i);
const both = (en: string, zh: string): ScenarioLabels => ({ en, 'zh-CN': zh });

// ---- STATEMENT

export const StatementFields = ({ node, readOnly, onChange }: KindEditorProps<'STATEMENT'>) => {
  const { t } = useTranslation();
  const set = (consents: Of<'STATEMENT'>['consents']) => onChange({ ...node, consents });
  return (
    <Section title={t('gpSubscriptions.editor.statement')}>
      <LabelsInput
        what={t('gpSubscriptions.editor.body')}
        value={node.body}
        readOnly={readOnly}
        multiline
        onChange={(body) => onChange({ ...node, body })}
      />
      {node.consents.map((c, i) => (
        <ListItem
          key={c.id}
          name={c.id}
          readOnly={readOnly}
          canRemove={node.consents.length > 1}
          onRemove={() => set(removeAt(node.consents, i))}
        >
          <LabelsInput
            what={t('gpSubscriptions.editor.consent')}
            value={c.label}
            readOnly={readOnly}
            onChange={(label) => set(replaceAt(node.consents, i, { ...c, label }))}
          />
        </ListItem>
      ))}
      <AddButton
        readOnly={readOnly || node.consents.length >= 20}
        onClick={() =>
          set([
            ...node.consents,
            {
              id: freeId(
                'consent',
                node.consents.map((c) => c.id),
              ),
              label: both('I confirm', '我确认'),
            },
          ])
        }
      >
        {t('gpSubscriptions.editor.addConsent')}
      </AddButton>
    </Section>
  );
};

// ---- QUESTIONNAIRE

type Question = Of<'QUESTIONNAIRE'>['questions'][number];

export const QuestionnaireFields = ({ node, readOnly, onChange }: KindEditorProps<'QUESTIONNAIRE'>) => {
  const { t } = useTranslation();
  const set = (questions: Question[]) => onChange({ ...node, questions });
  return (
    <Section title={t('gpSubscriptions.editor.questionnaire')}>
      <NumberInput
        label={t('gpSubscriptions.editor.passMark')}
        description={t('gpSubscriptions.editor.passMarkHelp')}
        value={node.passMark}
        min={0}
        max={100000}
        allowDecimal={false}
        readOnly={readOnly}
        onChange={(v) => onChange({ ...node, passMark: typeof v === 'number' ? v : 0 })}
      />
      {node.questions.map((q, i) => {
        const update = (changed: Partial<Question>) => set(replaceAt(node.questions, i, { ...q, ...changed }));
        return (
          <ListItem
            key={q.id}
            name={q.id}
            readOnly={readOnly}
            canRemove={node.questions.length > 1}
            onRemove={() => set(removeAt(node.questions, i))}
          >
            <LabelsInput
              what={t('gpSubscriptions.editor.question')}
              value={q.label}
              readOnly={readOnly}
              onChange={(label) => update({ label })}
            />
            <Checkbox
              label={t('gpSubscriptions.editor.multiple')}
              checked={q.multiple}
              disabled={readOnly}
              onChange={(e) => update({ multiple: e.currentTarget.checked })}
            />
            {q.options.map((o, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the value is edited in place; keyed by it, the input would lose focus at each keystroke
              <Group key={j} align="flex-end" wrap="wrap" gap="xs">
                <TextInput
                  label={t('gpSubscriptions.editor.optionValue')}
                  value={o.value}
                  readOnly={readOnly}
                  w={120}
                  onChange={(e) => update({ options: replaceAt(q.options, j, { ...o, value: e.currentTarget.value }) })}
                />
                <NumberInput
                  label={t('gpSubscriptions.editor.score')}
                  value={o.score}
                  allowDecimal={false}
                  min={-1000}
                  max={1000}
                  readOnly={readOnly}
                  w={90}
                  onChange={(v) =>
                    update({ options: replaceAt(q.options, j, { ...o, score: typeof v === 'number' ? v : 0 }) })
                  }
                />
                <div style={{ flex: 1, minWidth: 240 }}>
                  <LabelsInput
                    what={t('gpSubscriptions.editor.answer')}
                    value={o.label}
                    readOnly={readOnly}
                    onChange={(label) => update({ options: replaceAt(q.options, j, { ...o, label }) })}
                  />
                </div>
                {!readOnly && (
                  <RemoveButton
                    name={`${q.id} ${o.value}`}
                    mb={4}
                    disabled={q.options.length <= 2}
                    onClick={() => update({ options: removeAt(q.options, j) })}
                  />
                )}
              </Group>
            ))}
            <AddButton
              readOnly={readOnly || q.options.length >= 20}
              onClick={() =>
                update({
                  options: [
                    ...q.options,
                    {
                      value: freeId(
                        'option',
                        q.options.map((o) => o.value),
                      ),
                      label: both('Answer', '答案'),
                      score: 0,
                    },
                  ],
                })
              }
            >
              {t('gpSubscriptions.editor.addAnswer')}
            </AddButton>
          </ListItem>
        );
      })}
      <AddButton
        readOnly={readOnly || node.questions.length >= 100}
        onClick={() =>
          set([
            ...node.questions,
            {
              id: freeId(
                'question',
                node.questions.map((q) => q.id),
              ),
              label: both('New question', '新问题'),
              multiple: false,
              options: [
                { value: 'yes', label: both('Yes', '是'), score: 1 },
                { value: 'no', label: both('No', '否'), score: 0 },
              ],
            },
          ])
        }
      >
        {t('gpSubscriptions.editor.addQuestion')}
      </AddButton>
    </Section>
  );
};

// ---- SIGN and VIEW_CUSTODIAN_DOCUMENTS

const SIGNERS = ['INVESTOR', 'JOINT_HOLDERS', 'SIGNATORIES'] as const;

/**
 * The sign step's document: its title, the signing template picked from the tenant's kept templates
 * (issue 12's list, by name and date; none is the fund's agreement with a signature page), and who
 * signs. A template the step names that is no longer kept is shown as such, to pick another.
 */
export const SignFields = ({ node, readOnly, onChange }: KindEditorProps<'SIGN'>) => {
  const { t } = useTranslation();
  const lang = useLang();
  const templates = useSigningTemplateChoices(true);
  const items = templates.data?.items ?? [];
  const current = node.templateId;
  const gone = current !== undefined && templates.data !== undefined && !items.some((x) => x.templateId === current);
  return (
    <Section title={t('gpSubscriptions.editor.document')}>
      <LabelsInput
        what={t('gpSubscriptions.editor.documentTitle')}
        value={node.documentTitle}
        readOnly={readOnly}
        onChange={(documentTitle) => onChange({ ...node, documentTitle })}
      />
      <NativeSelect
        label={t('gpSubscriptions.editor.template')}
        description={t('gpSubscriptions.editor.templateHelp')}
        value={current ?? ''}
        disabled={readOnly || templates.data === undefined}
        error={gone ? t('gpSubscriptions.editor.templateGone') : undefined}
        data={[
          { value: '', label: t('gpSubscriptions.editor.noTemplate') },
          ...items.map((x) => ({
            value: x.templateId,
            label: t('gpSubscriptions.editor.templateOption', { name: x.name, date: formatDate(x.createdAt, lang) }),
          })),
          // Named but not (or not yet) in the list: kept as an option so the select shows what is saved.
          ...(current !== undefined && !items.some((x) => x.templateId === current)
            ? [{ value: current, label: gone ? t('gpSubscriptions.editor.templateUnknown', { id: current }) : current }]
            : []),
        ]}
        onChange={(e) => {
          const { templateId: _old, ...rest } = node;
          const value = e.currentTarget.value;
          onChange(value ? { ...rest, templateId: value } : rest);
        }}
      />
      {templates.error ? (
        <LoadError error={templates.error} onRetry={() => void templates.mutate()} />
      ) : (
        templates.data &&
        items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('gpSubscriptions.editor.noTemplates')}
          </Text>
        )
      )}
      <Checkbox.Group
        label={t('gpSubscriptions.editor.signers')}
        value={[...node.signers]}
        onChange={(value) =>
          value.length > 0 &&
          onChange({ ...node, signers: SIGNERS.filter((s) => value.includes(s)) as Of<'SIGN'>['signers'] })
        }
      >
        <Group mt="xs">
          {SIGNERS.map((s) => (
            <Checkbox key={s} value={s} disabled={readOnly} label={t(`gpSubscriptions.editor.signer.${s}`)} />
          ))}
        </Group>
      </Checkbox.Group>
    </Section>
  );
};

export const CustodianFields = ({ node, readOnly, onChange }: KindEditorProps<'VIEW_CUSTODIAN_DOCUMENTS'>) => {
  const { t } = useTranslation();
  const set = (documents: Of<'VIEW_CUSTODIAN_DOCUMENTS'>['documents']) => onChange({ ...node, documents });
  return (
    <Section title={t('gpSubscriptions.editor.documents')}>
      {node.documents.map((d, i) => (
        <ListItem
          // biome-ignore lint/suspicious/noArrayIndexKey: documents have no id; the list only grows at its end
          key={i}
          name={t('gpSubscriptions.editor.documentN', { n: i + 1 })}
          readOnly={readOnly}
          onRemove={() => set(removeAt(node.documents, i))}
        >
          <LabelsInput
            what={t('gpSubscriptions.editor.documentTitle')}
            value={d.title}
            readOnly={readOnly}
            onChange={(title) => set(replaceAt(node.documents, i, { ...d, title }))}
          />
          <TextInput
            label={t('gpSubscriptions.editor.fileName')}
            value={d.fileName ?? ''}
            readOnly={readOnly}
            onChange={(e) => {
              const { fileName: _old, ...rest } = d;
              const fileName = e.currentTarget.value;
              set(replaceAt(node.documents, i, fileName ? { ...rest, fileName } : rest));
            }}
          />
        </ListItem>
      ))}
      <AddButton
        readOnly={readOnly || node.documents.length >= 50}
        onClick={() => set([...node.documents, { title: both('Document', '文件') }])}
      >
        {t('gpSubscriptions.editor.addDocument')}
      </AddButton>
      <LabelsInput
        what={t('gpSubscriptions.editor.confirmText')}
        value={node.confirm}
        readOnly={readOnly}
        onChange={(confirm) => onChange({ ...node, confirm })}
      />
    </Section>
  );
};

// ---- EMAIL and INBOX

const RecipientSelect = ({
  value,
  readOnly,
  onChange,
}: {
  value: 'INVESTOR' | 'GP_TEAM';
  readOnly: boolean;
  onChange: (to: 'INVESTOR' | 'GP_TEAM') => void;
}) => {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('gpSubscriptions.editor.recipient')}
      value={value}
      disabled={readOnly}
      data={(['INVESTOR', 'GP_TEAM'] as const).map((r) => ({
        value: r,
        label: t(`gpSubscriptions.editor.recipients.${r}`),
      }))}
      onChange={(e) => onChange(e.currentTarget.value as 'INVESTOR' | 'GP_TEAM')}
    />
  );
};

export const EmailFields = ({ node, readOnly, onChange }: KindEditorProps<'EMAIL'>) => {
  const { t } = useTranslation();
  return (
    <Section title={t('gpSubscriptions.editor.message')}>
      <RecipientSelect value={node.to} readOnly={readOnly} onChange={(to) => onChange({ ...node, to })} />
      <LabelsInput
        what={t('gpSubscriptions.editor.subject')}
        value={node.subject}
        readOnly={readOnly}
        onChange={(subject) => onChange({ ...node, subject })}
      />
      <LabelsInput
        what={t('gpSubscriptions.editor.body')}
        value={node.body}
        readOnly={readOnly}
        multiline
        onChange={(body) => onChange({ ...node, body })}
      />
    </Section>
  );
};

export const InboxFields = ({ node, readOnly, onChange }: KindEditorProps<'INBOX'>) => {
  const { t } = useTranslation();
  return (
    <Section title={t('gpSubscriptions.editor.message')}>
      <Text size="sm" c="dimmed">
        {t('gpSubscriptions.editor.inboxTitleHelp')}
      </Text>
      <RecipientSelect value={node.to} readOnly={readOnly} onChange={(to) => onChange({ ...node, to })} />
      <LabelsInput
        what={t('gpSubscriptions.editor.body')}
        value={node.body}
        readOnly={readOnly}
        multiline
        onChange={(body) => onChange({ ...node, body })}
      />
    </Section>
  );
};

// ---- CHANGE_DB_VALUE

const WRITABLE = Object.keys(SUBSCRIPTION_WRITABLE_FIELDS) as SubscriptionWritableField[];
const defaultValueOf = (field: SubscriptionWritableField): string | number | boolean => {
  const type = SUBSCRIPTION_WRITABLE_FIELDS[field];
  return type === 'boolean' ? true : type === 'number' ? 0 : '';
};

/** A step and one of its answers, for a condition or a value taken from an answer. */
const AnswerPicker = ({
  graph,
  before,
  nodeId,
  field,
  readOnly,
  onChange,
}: {
  graph: ScenarioGraph;
  /** The node reading the answer: only steps that come before it are offered. */
  before: string;
  nodeId: string | undefined;
  field: string;
  readOnly: boolean;
  onChange: (nodeId: string, field: string) => void;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const sources = resultSources(graph, before);
  const source = graph.nodes.find((n) => n.id === nodeId);
  const fields = source ? conditionFields(source) : [];
  return (
    <Group grow align="flex-start">
      <NativeSelect
        label={t('gpSubscriptions.editor.fromStep')}
        value={nodeId ?? ''}
        disabled={readOnly}
        data={[
          { value: '', label: t('gpSubscriptions.editor.choose'), disabled: true },
          ...sources.map((n) => ({ value: n.id, label: n.title[lang] || n.title.en })),
        ]}
        onChange={(e) => {
          const next = graph.nodes.find((n) => n.id === e.currentTarget.value);
          onChange(e.currentTarget.value, next ? (conditionFields(next)[0]?.id ?? '') : '');
        }}
      />
      <NativeSelect
        label={t('gpSubscriptions.editor.answerField')}
        value={field}
        disabled={readOnly || !source}
        data={[
          ...(fields.some((f) => f.id === field) ? [] : [{ value: field, label: field || '—', disabled: true }]),
          ...fields.map((f) => ({
            value: f.id,
            label: f.id === 'score' && !f.label ? t('gpSubscriptions.editor.score') : f.label?.[lang] || f.id,
          })),
        ]}
        onChange={(e) => onChange(nodeId ?? '', e.currentTarget.value)}
      />
    </Group>
  );
};

export const ChangeValueFields = ({ node, graph, readOnly, onChange }: KindEditorProps<'CHANGE_DB_VALUE'>) => {
  const { t } = useTranslation();
  const field = (WRITABLE as string[]).includes(node.field) ? (node.field as SubscriptionWritableField) : WRITABLE[0]!;
  const type = SUBSCRIPTION_WRITABLE_FIELDS[field];
  const fromResult = typeof node.value === 'object';
  return (
    <Section title={t('gpSubscriptions.editor.changeValue')}>
      <NativeSelect
        label={t('gpSubscriptions.editor.writableField')}
        description={t('gpSubscriptions.editor.writableFieldHelp')}
        value={field}
        disabled={readOnly}
        data={WRITABLE.map((f) => ({ value: f, label: t(`gpSubscriptions.editor.writable.${f}`) }))}
        onChange={(e) => {
          const next = e.currentTarget.value as SubscriptionWritableField;
          onChange({ ...node, field: next, value: defaultValueOf(next) });
        }}
      />
      <NativeSelect
        label={t('gpSubscriptions.editor.valueFrom')}
        value={fromResult ? 'RESULT' : 'FIXED'}
        disabled={readOnly}
        data={[
          { value: 'FIXED', label: t('gpSubscriptions.editor.valueFixed') },
          { value: 'RESULT', label: t('gpSubscriptions.editor.valueFromAnswer') },
        ]}
        onChange={(e) =>
          onChange({
            ...node,
            value:
              e.currentTarget.value === 'RESULT' ? { fromResult: { nodeId: '', field: '' } } : defaultValueOf(field),
          })
        }
      />
      {typeof node.value === 'object' ? (
        <AnswerPicker
          graph={graph}
          before={node.id}
          nodeId={node.value.fromResult.nodeId || undefined}
          field={node.value.fromResult.field}
          readOnly={readOnly}
          onChange={(nodeId, f) => onChange({ ...node, value: { fromResult: { nodeId, field: f } } })}
        />
      ) : type === 'boolean' ? (
        <NativeSelect
          label={t('gpSubscriptions.editor.value')}
          value={String(node.value === true)}
          disabled={readOnly}
          data={[
            { value: 'true', label: t('gpSubscriptions.editor.yes') },
            { value: 'false', label: t('gpSubscriptions.editor.no') },
          ]}
          onChange={(e) => onChange({ ...node, value: e.currentTarget.value === 'true' })}
        />
      ) : type === 'number' ? (
        <NumberInput
          label={t('gpSubscriptions.editor.value')}
          value={typeof node.value === 'number' ? node.value : 0}
          readOnly={readOnly}
          onChange={(v) => onChange({ ...node, value: typeof v === 'number' ? v : 0 })}
        />
      ) : (
        <TextInput
          label={t('gpSubscriptions.editor.value')}
          value={String(node.value)}
          readOnly={readOnly}
          onChange={(e) => onChange({ ...node, value: e.currentTarget.value })}
        />
      )}
    </Section>
  );
};

// ---- ROUTER

type Branch = Of<'ROUTER'>['branches'][number];

export const RouterFields = ({ node, graph, readOnly, onChange }: KindEditorProps<'ROUTER'>) => {
  const { t } = useTranslation();
  const lang = useLang();
  const targets = graph.nodes.filter((n) => n.kind !== 'START' && n.id !== node.id);
  const targetData = targets.map((n) => ({ value: n.id, label: n.title[lang] || n.title.en }));
  const set = (branches: Branch[]) => onChange({ ...node, branches });
  const valueText = (when: Branch['when']) =>
    when.value === undefined ? '' : Array.isArray(when.value) ? when.value.join(', ') : String(when.value);
  return (
    <Section title={t('gpSubscriptions.editor.branches')}>
      <Text size="sm" c="dimmed">
        {t('gpSubscriptions.editor.branchesHelp')}
      </Text>
      {node.branches.map((b, i) => {
        const update = (changed: Partial<Branch>) => set(replaceAt(node.branches, i, { ...b, ...changed }));
        const when = (changed: Partial<Branch['when']>) => {
          const next = { ...b.when, ...changed };
          if (next.source === 'SUBSCRIPTION') delete next.nodeId;
          if (next.op === 'PRESENT') delete next.value;
          update({ when: next });
        };
        const source = b.when.source === 'RESULT' ? graph.nodes.find((n) => n.id === b.when.nodeId) : undefined;
        return (
          <ListItem key={b.id} name={b.id} readOnly={readOnly} onRemove={() => set(removeAt(node.branches, i))}>
            <ConditionSentence when={b.when} graph={graph} />
            <NativeSelect
              label={t('gpSubscriptions.editor.goesTo')}
              value={b.to}
              disabled={readOnly}
              data={targetData}
              onChange={(e) => update({ to: e.currentTarget.value })}
            />
            <NativeSelect
              label={t('gpSubscriptions.editor.conditionOn')}
              value={b.when.source}
              disabled={readOnly}
              data={[
                { value: 'RESULT', label: t('gpSubscriptions.editor.sources.RESULT') },
                { value: 'SUBSCRIPTION', label: t('gpSubscriptions.editor.sources.SUBSCRIPTION') },
              ]}
              onChange={(e) =>
                e.currentTarget.value === 'SUBSCRIPTION'
                  ? when({ source: 'SUBSCRIPTION', field: 'amount' })
                  : when({ source: 'RESULT', field: '' })
              }
            />
            {b.when.source === 'RESULT' ? (
              <AnswerPicker
                graph={graph}
                before={node.id}
                nodeId={b.when.nodeId}
                field={b.when.field}
                readOnly={readOnly}
                onChange={(nodeId, field) => when({ nodeId, field })}
              />
            ) : (
              <NativeSelect
                label={t('gpSubscriptions.editor.subscriptionField')}
                value={b.when.field}
                disabled={readOnly}
                data={ROUTABLE_SUBSCRIPTION_FIELDS.map((f) => ({
                  value: f,
                  label: t(`gpSubscriptions.editor.routable.${f}`),
                }))}
                onChange={(e) => when({ field: e.currentTarget.value })}
              />
            )}
            <Group grow align="flex-start">
              <NativeSelect
                label={t('gpSubscriptions.editor.operator')}
                value={b.when.op}
                disabled={readOnly}
                data={CONDITION_OPS.map((op) => ({ value: op, label: t(`gpSubscriptions.editor.ops.${op}`) }))}
                onChange={(e) => {
                  const op = e.currentTarget.value as Branch['when']['op'];
                  when({ op, value: parseConditionValue(op, valueText(b.when), b.when, source) });
                }}
              />
              {b.when.op !== 'PRESENT' && (
                <TextInput
                  label={t('gpSubscriptions.editor.compareWith')}
                  description={b.when.op === 'IN' ? t('gpSubscriptions.editor.listHelp') : undefined}
                  value={valueText(b.when)}
                  readOnly={readOnly}
                  onChange={(e) =>
                    when({ value: parseConditionValue(b.when.op, e.currentTarget.value, b.when, source) })
                  }
                />
              )}
            </Group>
          </ListItem>
        );
      })}
      <AddButton
        readOnly={readOnly || node.branches.length >= 20 || targets.length === 0}
        onClick={() =>
          set([
            ...node.branches,
            {
              id: freeId(
                'branch',
                node.branches.map((b) => b.id),
              ),
              to: node.otherwise ?? targets[0]?.id ?? '',
              when: DEFAULT_CONDITION,
            },
          ])
        }
      >
        {t('gpSubscriptions.editor.addBranch')}
      </AddButton>
      <NativeSelect
        label={t('gpSubscriptions.editor.otherwise')}
        description={t('gpSubscriptions.editor.otherwiseHelp')}
        value={node.otherwise ?? ''}
        disabled={readOnly}
        data={[{ value: '', label: t('gpSubscriptions.editor.noOtherwise') }, ...targetData]}
        onChange={(e) => {
          const { otherwise: _old, ...rest } = node;
          onChange(e.currentTarget.value ? { ...rest, otherwise: e.currentTarget.value } : rest);
        }}
      />
    </Section>
  );
};

/** A branch's condition as a sentence, so the author reads what it does. */
const ConditionSentence = ({ when, graph }: { when: Branch['when']; graph: ScenarioGraph }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const node = when.nodeId ? graph.nodes.find((n) => n.id === when.nodeId) : undefined;
  const routable = (ROUTABLE_SUBSCRIPTION_FIELDS as readonly string[]).includes(when.field)
    ? (when.field as (typeof ROUTABLE_SUBSCRIPTION_FIELDS)[number])
    : undefined;
  const answer =
    when.source === 'SUBSCRIPTION'
      ? t('gpSubscriptions.editor.subscriptionsField', {
          field: routable ? t(`gpSubscriptions.editor.routable.${routable}`) : when.field,
        })
      : t('gpSubscriptions.editor.stepsAnswer', {
          step: node ? node.title[lang] || node.title.en : '?',
          field: (node && conditionFields(node).find((f) => f.id === when.field)?.label?.[lang]) || when.field || '?',
        });
  const value = Array.isArray(when.value) ? when.value.join(', ') : when.value === undefined ? '' : String(when.value);
  return (
    <Text size="sm">
      {t('gpSubscriptions.editor.when', { answer, op: t(`gpSubscriptions.editor.ops.${when.op}`), value })}
    </Text>
  );
};
