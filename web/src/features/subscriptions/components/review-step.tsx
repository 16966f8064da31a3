import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { NodeResult } from '@tranche/shared/scenario/scenario.schema';
import type { NigoFailure, Subscription } from '@tranche/shared/subscription/subscription.schema';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DocumentUpload } from '@/features/documents';
import { FormAlert } from '@/features/session/screens';
import {
  addSubscriptionDocument,
  submitSubscription,
  useStoreSubscription,
  useSubscription,
} from '@/features/subscriptions/api/subscriptions';
import { nigoFailures, nigoText } from '@/features/subscriptions/lib/nigo';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { notifications } from '@/lib/notifications';

interface ReviewStepProps {
  subscription: Subscription;
  results: readonly NodeResult[];
  onBack: (() => Promise<void>) | undefined;
  /** Reopens a step of the journey with what the check found on it. */
  onFix: (nodeId: string, failures: NigoFailure[]) => Promise<void>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * The end of the journey: the two-step submission. "Check my subscription" asks the platform's NIGO
 * check (PREPARE); what it finds is listed, each with the way to fix it (the step that reopens with
 * the problem shown on it, the profile, a document to upload). A package in order is confirmed and
 * submitted (SUBMIT: SUCCESS, or REPEATED_SUBMIT when it already was).
 */
export const ReviewStep = ({ subscription, results, onBack, onFix, headingRef }: ReviewStepProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const store = useStoreSubscription();
  const { mutate: reload } = useSubscription(subscription.subscriptionId);
  const [busy, setBusy] = useState<'check' | 'submit' | 'back' | null>(null);
  const [error, setError] = useState<unknown>();
  const [failures, setFailures] = useState<NigoFailure[] | undefined>(undefined);
  const ready = subscription.status === 'CONFIRM_SUBSCRIPTION';
  const steps = new Set(results.map((r) => r.nodeId));

  const act = async (kind: 'check' | 'submit' | 'back', work: () => Promise<void>) => {
    setBusy(kind);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      const found = nigoFailures(failure);
      if (found) setFailures(found);
      else setError(failure);
    } finally {
      setBusy(null);
    }
  };
  // The journey moves the subscription on while the investor walks it (the scenario reports what is
  // missing, signatures arrive): each step of the submission is made on the version as it is now.
  const currentVersion = async () => (await reload())?.version ?? subscription.version;
  const check = () =>
    act('check', async () => {
      const answer = await submitSubscription(subscription.subscriptionId, 'PREPARE', await currentVersion());
      setFailures([]);
      await store(answer.subscription);
    });
  const submit = () =>
    act('submit', async () => {
      const answer = await submitSubscription(subscription.subscriptionId, 'SUBMIT', await currentVersion());
      notifications.show({
        color: 'green',
        message:
          answer.result === 'REPEATED_SUBMIT'
            ? t('subscriptions.runner.review.alreadySubmitted')
            : t('subscriptions.runner.review.submitted'),
      });
      await store(answer.subscription);
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {t('subscriptions.runner.review.title')}
        </Title>
        <Text c="dimmed">{t('subscriptions.runner.review.intro')}</Text>
        <FormAlert error={error} title={t('subscriptions.runner.saveFailed')} />
        {failures && failures.length > 0 && (
          <Alert color="orange" variant="light" title={t('subscriptions.runner.review.problemsTitle')} role="alert">
            <Text size="sm" mb="xs">
              {t('subscriptions.runner.review.problemsBody')}
            </Text>
            <List spacing="sm" size="sm">
              {failures.map((f) => (
                <List.Item key={`${f.step}:${f.field}:${f.code}`}>
                  <Stack gap={4}>
                    <Text size="sm">{nigoText(f, lang, t)}</Text>
                    <FixAction
                      failure={f}
                      subscription={subscription}
                      isStep={steps.has(f.step)}
                      onFix={() =>
                        void act('back', () =>
                          onFix(
                            f.step,
                            failures.filter((x) => x.step === f.step),
                          ),
                        )
                      }
                    />
                  </Stack>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {ready && (
          <Alert color="teal" variant="light" title={t('subscriptions.runner.review.readyTitle')}>
            {t('subscriptions.runner.review.readyBody')}
          </Alert>
        )}
        <Group justify="space-between" gap="sm" wrap="wrap-reverse">
          {onBack && !ready ? (
            <Button
              variant="subtle"
              loading={busy === 'back'}
              disabled={busy !== null}
              onClick={() => void act('back', onBack)}
            >
              {t('subscriptions.runner.back')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" disabled={busy !== null} onClick={() => void navigate('/home')}>
              {t('subscriptions.runner.exit')}
            </Button>
            {ready ? (
              <Button loading={busy === 'submit'} disabled={busy !== null} onClick={() => void submit()}>
                {t('subscriptions.runner.review.submit')}
              </Button>
            ) : (
              <Button loading={busy === 'check'} disabled={busy !== null} onClick={() => void check()}>
                {t('subscriptions.runner.review.check')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
};

/** The way to fix one finding: reopen its step, open the profile, or upload the missing document. */
const FixAction = ({
  failure,
  subscription,
  isStep,
  onFix,
}: {
  failure: NigoFailure;
  subscription: Subscription;
  isStep: boolean;
  onFix: () => void;
}) => {
  const { t } = useTranslation();
  const store = useStoreSubscription();
  const [error, setError] = useState<unknown>();
  if (isStep)
    return (
      <Group>
        <Button size="compact-sm" variant="light" onClick={onFix}>
          {t('subscriptions.runner.review.fix')}
        </Button>
      </Group>
    );
  if (failure.field === 'profileId' && subscription.profileId)
    return (
      <Anchor component={Link} to={`/profiles/${subscription.profileId}`} size="sm">
        {t('subscriptions.runner.review.openProfile')}
      </Anchor>
    );
  const docKey = /^documents\.([A-Z][A-Z0-9_]*)$/.exec(failure.field)?.[1];
  if (docKey)
    return (
      <Stack gap={4}>
        <DocumentUpload
          label={t('subscriptions.runner.review.uploadDocument')}
          onClean={async (file) => {
            try {
              const changed = await addSubscriptionDocument(subscription.subscriptionId, {
                purpose: 'MANDATORY',
                docKey,
                fileName: file.fileName,
                name: file.originalName,
              });
              await store(changed);
            } catch (failed) {
              setError(failed);
            }
          }}
        />
        <FormAlert error={isApiError(error) ? error : undefined} />
      </Stack>
    );
  return null;
};
