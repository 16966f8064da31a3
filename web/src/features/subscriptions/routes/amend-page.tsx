import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { FormElement } from '@tranche/shared/scenario/scenario.schema';
import type { Modification } from '@tranche/shared/subscription/modification.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NotFoundPanel } from '@/components/not-found-panel';
import { useProfiles } from '@/features/profiles';
import { FormAlert } from '@/features/session/screens';
import { SignedIn } from '@/features/session/signed-in';
import {
  answerModificationNode,
  confirmModification,
  discardModification,
  startModification,
  useModification,
} from '@/features/subscriptions/api/modification';
import { useStoreSubscription, useSubscription } from '@/features/subscriptions/api/subscriptions';
import { FormElementField, label } from '@/features/subscriptions/components/form-element';
import { type AnswerWords, answerText } from '@/features/subscriptions/lib/answers';
import {
  checkValue,
  type FieldValue,
  initialValues,
  inputElements,
  toNodeValues,
  type ValueRule,
} from '@/features/subscriptions/lib/form-values';
import { inRunner } from '@/features/subscriptions/lib/status';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { notifications } from '@/lib/notifications';

/**
 * /subscriptions/:subscriptionId/amend: the investor amends a submitted subscription (the modification
 * paths, docs/subscriptions.md "Modification"). Starting takes a snapshot of the submitted answers;
 * each form step can be re-answered (saved into the open amendment only, judged by the form's own
 * rules); the amendment is then sent (back to the manager's review) or discarded (nothing changed).
 */
export const AmendPage = () => {
  const { t } = useTranslation();
  return <SignedIn loadingLabel={t('subscriptions.loadingOne')}>{() => <AmendView />}</SignedIn>;
};

type Node = Modification['nodes'][number];

export const useAnswerWords = (): AnswerWords => {
  const { t } = useTranslation();
  return {
    yes: t('subscriptions.amend.yes'),
    no: t('subscriptions.amend.no'),
    empty: t('subscriptions.amend.empty'),
    rows: (count) => t('subscriptions.amend.rows', { count }),
  };
};

const AmendView = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subscriptionId = '' } = useParams();
  const subscription = useSubscription(subscriptionId);
  const open = useModification(subscriptionId);
  const store = useStoreSubscription();
  const [busy, setBusy] = useState<'start' | 'send' | 'discard' | null>(null);
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState('');
  useDocumentTitle(t('subscriptions.amend.title'));
  const back = `/subscriptions/${subscriptionId}`;

  const run = async (what: 'start' | 'send' | 'discard', action: () => Promise<void>) => {
    setBusy(what);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const failed = subscription.error ?? open.error;
  let content: React.ReactNode;
  if (isApiError(failed) && (failed.status === 404 || failed.code === 'PARAMS_ERROR'))
    content = (
      <NotFoundPanel
        title={t('subscriptions.notFoundTitle')}
        backTo="/subscriptions"
        backLabel={t('subscriptions.backToList')}
      >
        {t('subscriptions.notFoundBody')}
      </NotFoundPanel>
    );
  else if (failed)
    content = (
      <LoadError
        error={failed}
        onRetry={() => {
          void subscription.mutate();
          void open.mutate();
        }}
      />
    );
  else if (!subscription.data || !open.data)
    content = (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('subscriptions.loadingOne')}>
        <Skeleton h={36} w="60%" />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  else {
    const sub = subscription.data;
    const modification = open.data.modification;
    // Sent back for changes (the inbox task links here): the journey itself reopens, in the runner.
    if (!modification && inRunner(sub.status)) return <Navigate to={back} replace />;
    if (!modification)
      content = sub.allowedEvents.includes('AMEND') ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Text>{t('subscriptions.amend.startBody')}</Text>
            <FormAlert error={error} title={t('subscriptions.actionFailed')} />
            <Group>
              <Button
                loading={busy === 'start'}
                onClick={() =>
                  void run('start', async () => {
                    const started = await startModification(subscriptionId, sub.version);
                    await open.mutate({ modification: started }, { revalidate: false });
                  })
                }
              >
                {t('subscriptions.amend.start')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Alert color="blue" variant="light" title={t('subscriptions.amend.notAmendableTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('subscriptions.amend.notAmendableBody')}</Text>
            <Button component={Link} to={back} variant="default" size="xs">
              {t('subscriptions.amend.back')}
            </Button>
          </Stack>
        </Alert>
      );
    else {
      const changed = modification.nodes.filter((n) => n.after !== undefined).length;
      content = (
        <Stack gap="lg">
          {modification.nodes.map((node) => (
            <AmendStep
              key={node.nodeId}
              subscriptionId={subscriptionId}
              node={node}
              onSaved={(next) => void open.mutate({ modification: next }, { revalidate: false })}
            />
          ))}
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('subscriptions.amend.sendTitle', { count: changed })}
              </Title>
              <FormAlert error={error} title={t('subscriptions.actionFailed')} />
              <Textarea
                label={t('subscriptions.amend.noteLabel')}
                rows={3}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
              />
              {changed === 0 && (
                <Text size="sm" c="dimmed">
                  {t('subscriptions.amend.nothingChanged')}
                </Text>
              )}
              <Group gap="sm">
                <Button
                  disabled={changed === 0}
                  loading={busy === 'send'}
                  onClick={() =>
                    void run('send', async () => {
                      const amended = await confirmModification(subscriptionId, sub.version, note.trim() || undefined);
                      await store(amended);
                      await open.mutate({ modification: null }, { revalidate: false });
                      notifications.show({ color: 'green', message: t('subscriptions.amend.sent') });
                      navigate(back);
                    })
                  }
                >
                  {t('subscriptions.amend.send')}
                </Button>
                <Button
                  variant="default"
                  loading={busy === 'discard'}
                  onClick={() =>
                    void run('discard', async () => {
                      await discardModification(subscriptionId);
                      await open.mutate({ modification: null }, { revalidate: false });
                      notifications.show({ message: t('subscriptions.amend.discarded') });
                      navigate(back);
                    })
                  }
                >
                  {t('subscriptions.amend.discard')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      );
    }
  }

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <BackLink to={back}>{t('subscriptions.amend.back')}</BackLink>
        <Stack gap={4}>
          <Title order={1}>{t('subscriptions.amend.title')}</Title>
          <Text c="dimmed">
            {subscription.data ? `${subscription.data.fund} · ` : ''}
            {t('subscriptions.amend.intro')}
          </Text>
        </Stack>
        {content}
      </Stack>
    </Container>
  );
};

type FieldError = { rule: ValueRule } | { message: string };

/** The rules whose words the runner has (subscriptions.runner.rules); the server may name others. */
const KNOWN_RULES: readonly ValueRule[] = [
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

/** One form step of the amendment: its fields with the new answers, and what differs from the submitted ones. */
const AmendStep = ({
  subscriptionId,
  node,
  onSaved,
}: {
  subscriptionId: string;
  node: Node;
  onSaved: (next: Modification) => void;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const words = useAnswerWords();
  const elements = ((node.node as { elements?: FormElement[] }).elements ?? []) as FormElement[];
  const [values, setValues] = useState(() => initialValues(elements, {}, node.after ?? node.before).values);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState<'changed' | 'same' | null>(null);
  const profiles = useProfiles(elements.some((e) => e.element === 'PROFILE'));
  const inputs = inputElements(elements);
  const headingId = `amend-${node.nodeId}`;

  const save = async () => {
    const found: Record<string, FieldError> = {};
    for (const e of inputs) {
      const rule = checkValue(e, values[e.id]);
      if (rule) found[e.id] = { rule };
    }
    setErrors(found);
    setSaved(null);
    const first = inputs.find((e) => found[e.id]);
    if (first) {
      document
        .getElementById(`amend-field-${node.nodeId}-${first.id}`)
        ?.querySelector<HTMLElement>('input, textarea')
        ?.focus();
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const next = await answerModificationNode(subscriptionId, node.nodeId, toNodeValues(elements, values));
      const mine = next.nodes.find((n) => n.nodeId === node.nodeId);
      setSaved(mine?.after ? 'changed' : 'same');
      onSaved(next);
    } catch (failure) {
      // The server's own check of the fields (scenarioFormInvalid, an amount outside the limits): on each field.
      if (isApiError(failure) && failure.fieldErrors.length) {
        const placed: Record<string, FieldError> = {};
        for (const f of failure.fieldErrors) {
          const id = f.field.replace(/^values\./, '');
          if (!inputs.some((e) => e.id === id)) continue;
          placed[id] = (KNOWN_RULES as readonly string[]).includes(f.rule)
            ? { rule: f.rule as ValueRule }
            : { message: failure.messageIn(lang) ?? failure.message };
        }
        setErrors(placed);
      }
      setError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {label(node.node.title, lang)}
          </Title>
          <Badge variant="light" color={node.after ? 'orange' : 'gray'}>
            {node.after ? t('subscriptions.amend.changed') : t('subscriptions.amend.unchanged')}
          </Badge>
        </Group>
        {node.changes.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Caption>{t('subscriptions.amend.changesCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('subscriptions.amend.field')}</Table.Th>
                  <Table.Th scope="col">{t('subscriptions.amend.before')}</Table.Th>
                  <Table.Th scope="col">{t('subscriptions.amend.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {node.changes.map((c) => (
                  <Table.Tr key={c.elementId}>
                    <Table.Td>{label(c.label, lang)}</Table.Td>
                    <Table.Td>{answerText(c.before, words)}</Table.Td>
                    <Table.Td fw={600}>{answerText(c.after, words)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {elements
          .filter((e) => e.requirement !== 'HIDDEN')
          .map((e) => {
            const err = errors[e.id];
            return (
              <div key={e.id} id={`amend-field-${node.nodeId}-${e.id}`}>
                <FormElementField
                  element={e}
                  value={values[e.id]}
                  profiles={profiles.data?.items ?? []}
                  error={
                    err
                      ? 'rule' in err
                        ? t(`subscriptions.runner.rules.${err.rule}`, {
                            min: e.validators?.min ?? e.validators?.minLength,
                            max: e.validators?.max ?? e.validators?.maxLength,
                          })
                        : err.message
                      : undefined
                  }
                  onChange={(value: FieldValue) => {
                    setValues((v) => ({ ...v, [e.id]: value }));
                    setSaved(null);
                    if (errors[e.id]) setErrors(({ [e.id]: _, ...rest }) => rest);
                  }}
                />
              </div>
            );
          })}
        <FormAlert
          error={isApiError(error) && error.fieldErrors.length ? undefined : error}
          title={t('subscriptions.actionFailed')}
        />
        <Group gap="sm">
          <Button variant="light" loading={saving} onClick={() => void save()}>
            {t('subscriptions.amend.saveStep')}
          </Button>
          <Text size="sm" c="dimmed" role="status">
            {saved === 'changed'
              ? t('subscriptions.amend.stepSaved')
              : saved === 'same'
                ? t('subscriptions.amend.noChange')
                : ''}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
};
