import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { Subscription } from '@tranche/shared/subscription/subscription.schema';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { ReasonDialog } from '@/components/reason-dialog';
import { useGpSubscription } from '@/features/gp-subscriptions/api/subscriptions';
import {
  type AnswerWords,
  answerText,
  useAmendments,
  useModification,
  useSnapshotData,
} from '@/features/subscriptions/answers';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { notifications } from '@/lib/notifications';

/** A scenario text in the reader's language (English when the author left it out). */
const label = (text: { en: string; 'zh-CN'?: string }, lang: 'en' | 'zh-CN') => text[lang] || text.en;

/** Statuses in which the investor is still walking the journey: a GP admin may reset a done step then. */
const RESETTABLE: ReadonlySet<string> = new Set([
  'REVIEW',
  'RESERVED',
  'INVESTING',
  'ASSESS_RISK',
  'RISK_ASSESSED',
  'SIGN',
  'CONFIRM_SUBSCRIPTION',
]);

const useWords = (): AnswerWords => {
  const { t } = useTranslation();
  return {
    yes: t('gpSubscriptions.journey.yes'),
    no: t('gpSubscriptions.journey.no'),
    empty: t('gpSubscriptions.journey.empty'),
    rows: (count) => t('gpSubscriptions.journey.rows', { count }),
  };
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
};

/**
 * The manager's read of the investor's journey on the case page (docs/subscriptions.md
 * "Modification"): the submitted answers step by step (/snapshot-data), an amendment the investor
 * has open, the confirmed amendments with each field before -> after (/modification/previous), and,
 * while the investor is still on the journey, an admin's reset of a done step with a reason.
 */
export const JourneyAnswers = ({ subscription, canReset }: { subscription: Subscription; canReset: boolean }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const words = useWords();
  const id = subscription.subscriptionId;
  const snapshot = useSnapshotData(id);
  const amendments = useAmendments(id);
  const open = useModification(id);
  const { mutate: reload } = useGpSubscription(id);
  const [resetting, setResetting] = useState<{ nodeId: string; title: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const mayReset = canReset && RESETTABLE.has(subscription.status);

  const reset = async (reason: string) => {
    if (!resetting) return;
    setBusy(true);
    setError(undefined);
    try {
      await apiFetch('resetScenarioNodeResult', {
        body: { subscriptionId: id, nodeId: resetting.nodeId, reason },
      });
      notifications.show({ color: 'green', message: t('gpSubscriptions.journey.resetDone') });
      setResetting(null);
      await Promise.all([snapshot.mutate(), reload()]);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Section title={t('gpSubscriptions.journey.title')}>
        {open.data?.modification && (
          <Alert color="orange" variant="light">
            {t('gpSubscriptions.journey.amending', {
              date: formatDateTime(open.data.modification.startedAt, lang),
            })}
          </Alert>
        )}
        {snapshot.error ? (
          <LoadError error={snapshot.error} onRetry={() => void snapshot.mutate()} />
        ) : !snapshot.data ? (
          <Skeleton h={60} />
        ) : snapshot.data.nodes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('gpSubscriptions.journey.none')}
          </Text>
        ) : (
          snapshot.data.nodes.map((node) => (
            <Stack key={node.nodeId} gap={4}>
              <Group justify="space-between" gap="xs">
                <Title order={3} size="h5">
                  {label(node.title, lang)}
                </Title>
                {mayReset && (
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setResetting({ nodeId: node.nodeId, title: label(node.title, lang) })}
                  >
                    {t('gpSubscriptions.journey.reset')}
                  </Button>
                )}
              </Group>
              <Table.ScrollContainer minWidth={360}>
                <Table>
                  <Table.Tbody>
                    {node.fields.map((f) => (
                      <Table.Tr key={f.elementId}>
                        <Table.Th scope="row" w="45%" fw={500}>
                          {label(f.label, lang)}
                        </Table.Th>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{answerText(f.value, words)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          ))
        )}
      </Section>
      {(amendments.data?.items.length ?? 0) > 0 && (
        <Section title={t('gpSubscriptions.journey.amendments')}>
          {amendments.data?.items.map((a) => (
            <Stack key={a.amendmentId} gap="xs">
              <Text size="sm" fw={600}>
                {t('gpSubscriptions.journey.amendedOn', { date: formatDateTime(a.at, lang) })}
              </Text>
              {a.note && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {t('gpSubscriptions.journey.note', { note: a.note })}
                </Text>
              )}
              {a.amount && (
                <Text size="sm">
                  {t('gpSubscriptions.journey.amount', {
                    before: a.amount.before ? formatMoney(a.amount.before, subscription.currency, lang) : words.empty,
                    after: formatMoney(a.amount.after, subscription.currency, lang),
                  })}
                </Text>
              )}
              <Table.ScrollContainer minWidth={480}>
                <Table>
                  <Table.Caption>{t('gpSubscriptions.journey.changesCaption')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('gpSubscriptions.journey.step')}</Table.Th>
                      <Table.Th scope="col">{t('gpSubscriptions.journey.field')}</Table.Th>
                      <Table.Th scope="col">{t('gpSubscriptions.journey.before')}</Table.Th>
                      <Table.Th scope="col">{t('gpSubscriptions.journey.after')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {a.nodes.flatMap((n) =>
                      n.changes.map((c) => (
                        <Table.Tr key={`${n.nodeId}:${c.elementId}`}>
                          <Table.Td>{label(n.title, lang)}</Table.Td>
                          <Table.Td>{label(c.label, lang)}</Table.Td>
                          <Table.Td>{answerText(c.before, words)}</Table.Td>
                          <Table.Td fw={600}>{answerText(c.after, words)}</Table.Td>
                        </Table.Tr>
                      )),
                    )}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          ))}
        </Section>
      )}
      <ReasonDialog
        opened={resetting !== null}
        onClose={() => {
          setResetting(null);
          setError(undefined);
        }}
        title={t('gpSubscriptions.journey.resetTitle')}
        intro={resetting && t('gpSubscriptions.journey.resetIntro', { step: resetting.title })}
        reasonLabel={t('gpSubscriptions.journey.resetReason')}
        reasonRequired={t('gpSubscriptions.case.reasonRequired')}
        maxLength={500}
        error={error}
        errorTitle={t('gpSubscriptions.case.actionFailed')}
        cancelLabel={t('gpSubscriptions.case.cancel')}
        closeLabel={t('gpSubscriptions.case.close')}
        confirmLabel={t('gpSubscriptions.journey.reset')}
        busy={busy}
        onConfirm={(reason) => void reset(reason)}
      />
    </>
  );
};
