import { Box, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { NodeResult } from '@tranche/shared/scenario/scenario.schema';
import type { NigoFailure, Subscription } from '@tranche/shared/subscription/subscription.schema';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/error-state';
import { useCurrentNode, useJourneyActions, useNodeResults } from '@/features/subscriptions/api/scenario';
import { useSubscription } from '@/features/subscriptions/api/subscriptions';
import { useLang } from '@/i18n/use-lang';
import { label } from './form-element';
import { PartyStep } from './party-links';
import { ReviewStep } from './review-step';
import { CustodianDocumentsStep, FormStep, QuestionnaireStep, SignStep, StatementStep, type StepProps } from './steps';

/** The latest step the investor finished: where "Back" goes. */
export const latestDone = (results: readonly NodeResult[]): NodeResult | undefined =>
  results
    .filter((r) => r.state === 'DONE')
    .reduce<NodeResult | undefined>((a, r) => (!a || r.at > a.at ? r : a), undefined);

/**
 * The scenario runner: the fund's guided journey one step at a time (forms, statements, the
 * questionnaire, documents, signing), with a progress bar, Back (the step before reopens with its
 * answers), Save and exit, and at the end the review with the NIGO check and the two-step submit.
 */
export const Runner = ({ subscription }: { subscription: Subscription }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const id = subscription.subscriptionId;
  const current = useCurrentNode(id);
  const results = useNodeResults(id);
  const actions = useJourneyActions(id);
  const { mutate: reloadSubscription } = useSubscription(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // NIGO findings carried to the step they are about (a Fix from the review reopens it).
  const [fixes, setFixes] = useState<{ nodeId: string; failures: NigoFailure[] } | undefined>(undefined);
  const nodeId = current.data?.node?.id ?? null;

  // A new step starts screen readers and keyboards at its heading, not at the page's top; the step
  // the page opens on keeps the browser's own start (undefined: nothing loaded yet).
  const shown = useRef<string | null | undefined>(undefined);
  const loaded = current.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    if (shown.current !== undefined && shown.current !== nodeId) headingRef.current?.focus();
    shown.current = nodeId;
  }, [nodeId, loaded]);

  if (current.error || results.error)
    return (
      <LoadError
        error={current.error ?? results.error}
        onRetry={() => {
          void current.mutate();
          void results.mutate();
        }}
      />
    );
  if (!current.data)
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('subscriptions.runner.loadingStep')}>
        <Skeleton h={12} />
        <Skeleton h={360} radius="md" />
      </Stack>
    );

  const { node, progress } = current.data;
  const previous = latestDone(results.data?.items ?? []);
  const onBack = previous
    ? async () => {
        await actions.back(previous.nodeId);
      }
    : undefined;
  const total = Math.max(progress.total, 1);
  const position = node ? Math.min(progress.done + 1, total) : total;
  const progressText = t('subscriptions.runner.progress', { current: position, total });

  let body: React.ReactNode;
  if (!node && progress.status === 'COMPLETED')
    body = (
      <ReviewStep
        subscription={subscription}
        results={results.data?.items ?? []}
        onBack={onBack}
        headingRef={headingRef}
        onFix={async (step, failures) => {
          setFixes({ nodeId: step, failures });
          await actions.back(step);
        }}
      />
    );
  else if (!node)
    body = (
      <Paper withBorder radius="md" p="lg" role="status">
        <Stack gap={4}>
          <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
            {progress.status === 'FAILED' ? t('subscriptions.runner.failedTitle') : t('subscriptions.runner.waitTitle')}
          </Title>
          <Text c="dimmed">
            {progress.status === 'FAILED' ? t('subscriptions.runner.failedBody') : t('subscriptions.runner.waitBody')}
          </Text>
        </Stack>
      </Paper>
    );
  else {
    const props: StepProps = {
      subscriptionId: id,
      node,
      prefill: current.data.prefill,
      draft: current.data.draft,
      fixes:
        fixes && fixes.nodeId === node.id
          ? fixes.failures.map((f) => ({ field: f.field.replace(/^values\./, ''), code: f.code }))
          : [],
      onBack,
      headingRef,
    };
    // Keyed by node: each step starts from its own saved answers. A step of a joint holder or a
    // signatory is theirs (through their emailed link): the investor sees who it waits for.
    const party = node.party as string | undefined;
    if (party && party !== 'INVESTOR')
      body = (
        <PartyStep
          key={node.id}
          subscriptionId={id}
          nodeId={node.id}
          title={label(node.title, lang)}
          onBack={onBack}
          headingRef={headingRef}
        />
      );
    else
      switch (node.kind) {
        case 'FORM':
        case 'NODE_FORM':
          body = <FormStep key={node.id} {...props} />;
          break;
        case 'STATEMENT':
          body = <StatementStep key={node.id} {...props} />;
          break;
        case 'QUESTIONNAIRE':
          body = <QuestionnaireStep key={node.id} {...props} onEnded={() => void reloadSubscription()} />;
          break;
        case 'SIGN':
          body = <SignStep key={node.id} {...props} />;
          break;
        case 'VIEW_CUSTODIAN_DOCUMENTS':
          body = <CustodianDocumentsStep key={node.id} {...props} />;
          break;
        default:
          body = null;
      }
  }

  return (
    <Stack gap="md">
      <Box>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} id="runner-progress">
            {progressText}
          </Text>
        </Group>
        {/* The names go on the section, which is the progressbar (Progress would put them on its frame). */}
        <Progress.Root mt={6}>
          <Progress.Section
            value={(position / total) * 100}
            aria-labelledby="runner-progress"
            aria-valuetext={progressText}
          />
        </Progress.Root>
      </Box>
      {body}
    </Stack>
  );
};
