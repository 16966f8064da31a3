import { Alert, Badge, Button, Checkbox, Group, List, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { errorMessage, isErrorCode } from '@tranche/shared/errors/catalogue';
import type { FormElement, NodeValues, NodeView, ScenarioLabels } from '@tranche/shared/scenario/scenario.schema';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProfiles } from '@/features/profiles';
import { useJourneyActions, useQuestionnaire } from '@/features/subscriptions/api/scenario';
import {
  checkValue,
  type FieldValue,
  initialValues,
  inputElements,
  toNodeValues,
  type ValueRule,
} from '@/features/subscriptions/lib/form-values';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { notifications } from '@/lib/notifications';
import { EmbeddedSigning } from './embedded-signing';
import { FormElementField, label } from './form-element';
import { PartyLinks } from './party-links';
import { type Intent, StepFrame } from './step-frame';

/** What the runner hands every step. */
export interface StepProps {
  subscriptionId: string;
  node: NodeView;
  prefill: NodeValues;
  draft: NodeValues | undefined;
  /** What the NIGO check said about this step: field (element id, or '' for the step) -> catalogue code. */
  fixes: readonly { field: string; code: string }[];
  /** Reopens the step before; absent on the first. */
  onBack: (() => Promise<void>) | undefined;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** A field's error: a rule the form knows, or a catalogue code the API answered. */
type FieldError = { rule: ValueRule } | { code: string };

/**
 * A step's save: runs `work`, then moves on ('next': the runner shows the step now current) or
 * leaves for the home page ('exit', the answers kept as a draft). A failure stays on the step.
 */
const useStepSave = (props: StepProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState<Intent | 'back' | null>(null);
  const [error, setError] = useState<unknown>();
  const run = async (intent: Intent | 'back', work: () => Promise<unknown>): Promise<unknown> => {
    setSaving(intent);
    setError(undefined);
    try {
      await work();
      if (intent === 'exit') {
        notifications.show({ color: 'green', message: t('subscriptions.runner.saved') });
        void navigate('/home');
      }
      return undefined;
    } catch (failure) {
      setError(failure);
      return failure;
    } finally {
      setSaving(null);
    }
  };
  const onBack = props.onBack ? () => void run('back', props.onBack as () => Promise<void>) : undefined;
  return { saving, error, setError, run, onBack };
};

/** A catalogued code's message with the field it is about filled in (NIGO findings name one). */
const catalogueText = (code: string, lang: 'en' | 'zh-CN', field = ''): string =>
  isErrorCode(code) ? errorMessage(code, lang, { field }) : code;

/** NIGO findings without a field of this step's form: shown above it. */
const stepFixes = (props: StepProps, fields: ReadonlySet<string>, lang: 'en' | 'zh-CN'): string[] =>
  props.fixes.filter((f) => !fields.has(f.field)).map((f) => catalogueText(f.code, lang, f.field));

// ---- FORM and NODE_FORM

export const FormStep = (props: StepProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { node, subscriptionId } = props;
  const elements = (node.elements ?? []) as FormElement[];
  const actions = useJourneyActions(subscriptionId);
  const start = initialValues(elements, props.prefill, props.draft);
  const [values, setValues] = useState(start.values);
  const [errors, setErrors] = useState<Record<string, FieldError>>(() =>
    Object.fromEntries(props.fixes.filter((f) => f.field).map((f) => [f.field, { code: f.code }])),
  );
  // Prefilled answers are the investor's to check: they confirm before the step is saved, with the
  // author's own mandatory checkbox when the form has one (the default details form does), else ours.
  const asksConfirm =
    start.prefilled.length > 0 && !elements.some((e) => e.element === 'CHECKBOX' && e.requirement === 'MANDATORY');
  const [confirmed, setConfirmed] = useState(!asksConfirm);
  const [confirmError, setConfirmError] = useState(false);
  const { saving, error, run, onBack } = useStepSave(props);
  const needsProfiles = elements.some((e) => e.element === 'PROFILE');
  const profiles = useProfiles(needsProfiles);
  const shown = elements.filter((e) => e.requirement !== 'HIDDEN');
  const inputs = inputElements(elements);

  const textOf = (e: FormElement): string | undefined => {
    const err = errors[e.id];
    if (!err) return undefined;
    if ('code' in err) return catalogueText(err.code, lang, label(e.label, lang));
    return t(`subscriptions.runner.rules.${err.rule}`, {
      min: e.validators?.min ?? e.validators?.minLength,
      max: e.validators?.max ?? e.validators?.maxLength,
    });
  };

  const onSubmit = (intent: Intent) => {
    if (intent === 'next') {
      const found: Record<string, FieldError> = {};
      for (const e of inputs) {
        const rule = checkValue(e, values[e.id]);
        if (rule) found[e.id] = { rule };
      }
      setErrors(found);
      setConfirmError(!confirmed);
      const first = inputs.find((e) => found[e.id]);
      if (first || !confirmed) {
        // The first field at fault takes the focus, so the keyboard and screen reader land on it.
        const id = first ? `field-${first.id}` : 'confirm-prefill';
        requestAnimationFrame(() =>
          document.getElementById(id)?.querySelector<HTMLElement>('input, textarea, select')?.focus(),
        );
        return;
      }
    }
    void run(intent, () => actions.submit(node.id, toNodeValues(elements, values), intent === 'exit')).then(
      (failure) => {
        // The server's own check of the fields (scenarioFormInvalid): each lands on its field.
        if (isApiError(failure) && failure.fieldErrors.length) {
          const placed: Record<string, FieldError> = {};
          for (const { field, rule } of failure.fieldErrors) {
            const id = field.replace(/^values\./, '');
            if (inputs.some((e) => e.id === id))
              placed[id] = failure.code === 'PARAMS_ERROR' ? { rule: ruleOf(rule) } : { code: failure.code };
          }
          setErrors(placed);
        }
      },
    );
  };

  return (
    <StepFrame
      title={label(node.title, lang)}
      intro={start.prefilled.length > 0 ? t('subscriptions.runner.prefilled') : undefined}
      error={isApiError(error) && error.fieldErrors.length ? undefined : error}
      fixes={stepFixes(props, new Set(inputs.map((e) => e.id)), lang)}
      saving={saving}
      onSubmit={onSubmit}
      onBack={onBack}
      headingRef={props.headingRef}
    >
      {shown.map((e) => (
        <div key={e.id} id={`field-${e.id}`}>
          <FormElementField
            element={e}
            value={values[e.id]}
            profiles={profiles.data?.items ?? []}
            error={textOf(e)}
            onChange={(value: FieldValue) => {
              setValues((v) => ({ ...v, [e.id]: value }));
              if (errors[e.id]) setErrors(({ [e.id]: _, ...rest }) => rest);
            }}
          />
        </div>
      ))}
      {asksConfirm && (
        <div id="confirm-prefill">
          <Checkbox
            label={t('subscriptions.runner.confirmPrefill')}
            checked={confirmed}
            onChange={(e) => {
              setConfirmed(e.currentTarget.checked);
              setConfirmError(false);
            }}
            error={confirmError ? t('subscriptions.runner.confirmPrefillRequired') : undefined}
          />
        </div>
      )}
    </StepFrame>
  );
};

const RULES: readonly ValueRule[] = [
  'required',
  'mustTick',
  'number',
  'amount',
  'date',
  'min',
  'max',
  'minLength',
  'maxLength',
  'pattern',
  'option',
];
const ruleOf = (rule: string): ValueRule =>
  (RULES as readonly string[]).includes(rule) ? (rule as ValueRule) : 'required';

// ---- STATEMENT

export const StatementStep = (props: StepProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { node, subscriptionId } = props;
  const consents = (node.consents ?? []) as { id: string; label: ScenarioLabels }[];
  const actions = useJourneyActions(subscriptionId);
  const [ticked, setTicked] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(consents.map((c) => [c.id, props.draft?.[c.id] === true])),
  );
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const { saving, error, run, onBack } = useStepSave(props);
  const onSubmit = (intent: Intent) => {
    if (intent === 'next') {
      const unticked = new Set(consents.filter((c) => !ticked[c.id]).map((c) => c.id));
      setMissing(unticked);
      if (unticked.size) return;
    }
    void run(intent, () => actions.submit(node.id, ticked, intent === 'exit'));
  };
  return (
    <StepFrame
      title={label(node.title, lang)}
      intro={t('subscriptions.runner.statement')}
      error={error}
      fixes={stepFixes(props, new Set(), lang)}
      saving={saving}
      onSubmit={onSubmit}
      onBack={onBack}
      headingRef={props.headingRef}
    >
      <Text style={{ whiteSpace: 'pre-line' }}>{label(node.body as ScenarioLabels | undefined, lang)}</Text>
      {consents.map((c) => (
        <Checkbox
          key={c.id}
          label={label(c.label, lang)}
          checked={ticked[c.id] === true}
          aria-required
          error={missing.has(c.id) ? t('subscriptions.runner.assentRequired') : undefined}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setTicked((v) => ({ ...v, [c.id]: checked }));
            if (checked) setMissing((m) => new Set([...m].filter((id) => id !== c.id)));
          }}
        />
      ))}
    </StepFrame>
  );
};

// ---- QUESTIONNAIRE

export const QuestionnaireStep = (props: StepProps & { onEnded: () => void }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { node, subscriptionId } = props;
  const actions = useJourneyActions(subscriptionId);
  const questionnaire = useQuestionnaire(subscriptionId, node.id);
  const [answers, setAnswers] = useState<Record<string, string[]> | undefined>(undefined);
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const { saving, error, run, onBack } = useStepSave(props);
  const questions = questionnaire.data?.questions ?? [];
  const current = answers ?? questionnaire.data?.answers ?? {};
  const onSubmit = (intent: Intent) => {
    if (intent === 'exit') {
      void navigate('/home');
      return;
    }
    const unanswered = new Set(questions.filter((q) => !current[q.id]?.length).map((q) => q.id));
    setMissing(unanswered);
    if (unanswered.size) return;
    void run('next', () => actions.answerQuestionnaire(node.id, current)).then((failure) => {
      // Below the pass mark the journey ends (SCENARIO_NOT_PASSED): the page shows the subscription's end.
      if (isApiError(failure) && failure.code === 'SCENARIO_NOT_PASSED') props.onEnded();
    });
  };
  return (
    <StepFrame
      title={label(node.title, lang)}
      intro={t('subscriptions.runner.questionnaire.intro')}
      error={error ?? questionnaire.error}
      fixes={stepFixes(props, new Set(), lang)}
      saving={saving}
      onSubmit={onSubmit}
      onBack={onBack}
      exitOnly={() => void navigate('/home')}
      nextLabel={t('subscriptions.runner.questionnaire.submit')}
      headingRef={props.headingRef}
    >
      {questionnaire.isLoading && <Text c="dimmed">{t('subscriptions.runner.loadingStep')}</Text>}
      {questions.map((q, i) => {
        const set = (value: string[]) => {
          setAnswers({ ...current, [q.id]: value });
          if (value.length) setMissing((m) => new Set([...m].filter((id) => id !== q.id)));
        };
        const error = missing.has(q.id) ? t('subscriptions.runner.chooseOne') : undefined;
        const title = `${i + 1}. ${label(q.label, lang)}`;
        return q.multiple ? (
          <Checkbox.Group key={q.id} label={title} required value={current[q.id] ?? []} onChange={set} error={error}>
            <Stack gap={6} mt={6}>
              {q.options.map((o) => (
                <Checkbox key={o.value} value={o.value} label={label(o.label, lang)} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Radio.Group
            key={q.id}
            label={title}
            required
            value={current[q.id]?.[0] ?? ''}
            onChange={(v) => set(v ? [v] : [])}
            error={error}
          >
            <Stack gap={6} mt={6}>
              {q.options.map((o) => (
                <Radio key={o.value} value={o.value} label={label(o.label, lang)} />
              ))}
            </Stack>
          </Radio.Group>
        );
      })}
    </StepFrame>
  );
};

// ---- SIGN

/** What the server says of a sign node's e-signature project (scenario/sign-node.ts `signNodeView`). */
interface SigningView {
  state: 'PREPARING' | 'SENT' | 'COMPLETED' | 'DECLINED' | 'VOIDED' | 'EXPIRED';
  projectId?: string;
  reason?: string;
  signers?: { signerId: string; name: string; party: string; userId?: string; signed: boolean }[];
}

/**
 * The agreement's signature: the investor signs here, in the signing view of e-signature (emailed
 * code, consent, the documents, the pad), and sees who else must sign (joint holders and signatories
 * got their own link). The project's completion moves the journey on; until then the step is read
 * again every few seconds. A declined, cancelled or expired signing is said with its reason, and Back
 * then starts it afresh.
 */
export const SignStep = (props: StepProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { node, subscriptionId } = props;
  const actions = useJourneyActions(subscriptionId);
  const signing = node.signing as SigningView | undefined;
  const state = signing?.state ?? 'PREPARING';
  const { saving, onBack } = useStepSave(props);
  // Read again every 2 s while the documents are prepared or others sign (api/scenario.ts isSettling).
  const { reload } = actions;
  const mine = signing?.signers?.find((s) => s.party === 'INVESTOR');
  const others = (signing?.signers ?? []).filter((s) => s !== mine);
  const ended = state === 'DECLINED' || state === 'VOIDED' || state === 'EXPIRED';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h3" ref={props.headingRef} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
          {label(node.title, lang)}
        </Title>
        <Text fw={600}>{label(node.documentTitle as ScenarioLabels | undefined, lang)}</Text>
        {state === 'PREPARING' && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('subscriptions.runner.sign.preparing')}</Text>
          </Group>
        )}
        {ended && (
          <Alert color="orange" variant="light" role="alert" title={t(`subscriptions.runner.sign.ended.${state}`)}>
            <Stack gap={4}>
              {signing?.reason && (
                <Text size="sm">{t('subscriptions.runner.sign.reason', { reason: signing.reason })}</Text>
              )}
              <Text size="sm">{t('subscriptions.runner.sign.again')}</Text>
            </Stack>
          </Alert>
        )}
        {signing?.projectId && !ended && state !== 'PREPARING' && (
          <>
            <Text c="dimmed">{t('subscriptions.runner.sign.body')}</Text>
            {mine && (
              <Stack gap="xs">
                <Title order={3} size="h4">
                  {t('subscriptions.runner.sign.yours')}
                </Title>
                <EmbeddedSigning
                  projectId={signing.projectId}
                  signerId={mine.signerId}
                  onSigned={() => void reload()}
                />
              </Stack>
            )}
            {others.length > 0 && (
              <Stack gap="xs">
                <Title order={3} size="h4">
                  {t('subscriptions.runner.sign.others')}
                </Title>
                <List spacing="xs" listStyleType="none" p={0}>
                  {others.map((s) => (
                    <List.Item key={s.signerId}>
                      <Group gap="sm" wrap="wrap">
                        <Text>{s.name}</Text>
                        <Badge color={s.signed ? 'teal.9' : 'gray.7'} variant="outline" radius="sm">
                          {s.signed ? t('subscriptions.runner.sign.signed') : t('subscriptions.runner.sign.waitingFor')}
                        </Badge>
                      </Group>
                    </List.Item>
                  ))}
                </List>
                <Text size="sm" c="dimmed">
                  {t('subscriptions.runner.sign.othersByLink')}
                </Text>
                <PartyLinks
                  subscriptionId={subscriptionId}
                  nodeId={node.id}
                  heading={t('subscriptions.parties.links')}
                />
              </Stack>
            )}
          </>
        )}
        <Group justify="space-between" gap="sm" mt="md" wrap="wrap-reverse">
          {onBack ? (
            <Button variant="subtle" onClick={onBack} loading={saving === 'back'} disabled={saving !== null}>
              {t('subscriptions.runner.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button variant="default" onClick={() => void navigate('/home')}>
            {t('subscriptions.runner.sign.exit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

// ---- VIEW_CUSTODIAN_DOCUMENTS

export const CustodianDocumentsStep = (props: StepProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { node, subscriptionId } = props;
  const actions = useJourneyActions(subscriptionId);
  const documents = (node.documents ?? []) as { fileName?: string; title: ScenarioLabels }[];
  const [confirmed, setConfirmed] = useState(props.draft?.confirmed === true);
  const [confirmError, setConfirmError] = useState(false);
  const { saving, error, run, onBack } = useStepSave(props);
  const onSubmit = (intent: Intent) => {
    if (intent === 'next' && !confirmed) {
      setConfirmError(true);
      return;
    }
    void run(intent, () => actions.submit(node.id, { confirmed }, intent === 'exit'));
  };
  return (
    <StepFrame
      title={label(node.title, lang)}
      error={error}
      fixes={stepFixes(props, new Set(), lang)}
      saving={saving}
      onSubmit={onSubmit}
      onBack={onBack}
      headingRef={props.headingRef}
    >
      {documents.length > 0 && (
        <List spacing={4}>
          {documents.map((d) => (
            <List.Item key={label(d.title, 'en')}>{label(d.title, lang)}</List.Item>
          ))}
        </List>
      )}
      <Checkbox
        label={label(node.confirm as ScenarioLabels | undefined, lang)}
        checked={confirmed}
        aria-required
        error={confirmError ? t('subscriptions.runner.assentRequired') : undefined}
        onChange={(e) => {
          setConfirmed(e.currentTarget.checked);
          setConfirmError(false);
        }}
      />
    </StepFrame>
  );
};
