import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { REQUIREMENT_KIND_LABELS } from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoreProfile } from '@/features/profiles/api/keys';
import { submitProfile } from '@/features/profiles/api/mutations';
import { ProfileStatus } from '@/features/profiles/components/profile-status';
import type { StepProps } from '@/features/profiles/components/step-form';
import { missingByStep, stepOfField } from '@/features/profiles/lib/completeness';
import { canSubmit } from '@/features/profiles/lib/profile-state';
import type { StepId } from '@/features/profiles/lib/requirements';
import { FormAlert } from '@/features/session/screens';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatList } from '@/lib/format';
import { notifications } from '@/lib/notifications';

/**
 * The last step: what is still missing (each a link to its step), then "Submit for review". The
 * server checks the tenant's requirements again; the fields its 422 names are listed by step.
 */
export const ReviewStep = ({
  table,
  steps,
  documentKinds,
  onGoTo,
  ...props
}: StepProps & {
  table: RequirementTable;
  steps: StepId[];
  documentKinds: ReadonlySet<string>;
  onGoTo: (step: StepId) => void;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const store = useStoreProfile();
  const { profile } = props;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const missing = missingByStep(steps, profile, table, documentKinds);
  // The steps whose fields the submit refused (each a link), beside what the profile itself shows missing.
  const refusedSteps = [
    ...new Set((isApiError(failure) ? failure.fieldErrors : []).map((f) => stepOfField(f.field))),
  ].filter((s): s is StepId => s !== undefined && steps.includes(s));

  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await store(await submitProfile(profile));
      notifications.show({ message: t('profiles.wizard.submitted'), color: 'green' });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('profiles.steps.review')}
      </Title>
      <Text c="dimmed">{t('profiles.review.intro', { name: tenant.branding.displayName })}</Text>
      <Group gap="xs">
        <Text fw={600}>{t('profiles.columns.status')}:</Text>
        <ProfileStatus state={profile.state} validationStatus={profile.validationStatus} />
      </Group>
      {profile.state === 'SUBMITTED' && (
        <Alert color="blue" variant="light" role="status">
          {t('profiles.review.submittedBody', { name: tenant.branding.displayName })}
        </Alert>
      )}
      {missing.length > 0 ? (
        <Alert color="orange" variant="light" title={t('profiles.review.missing')}>
          <List spacing={4} size="sm">
            {missing.map(({ step, kinds }) => (
              <List.Item key={step}>
                <Anchor component="button" type="button" onClick={() => onGoTo(step)} size="sm">
                  {t(`profiles.steps.${step}`)}
                </Anchor>
                {': '}
                {formatList(
                  kinds.map((k) => REQUIREMENT_KIND_LABELS[k][lang]),
                  lang,
                )}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        canSubmit(profile.state) && (
          <Text size="sm" role="status">
            {t('profiles.review.complete')}
          </Text>
        )
      )}
      <FormAlert error={failure} title={t('profiles.wizard.submitFailed')} />
      {refusedSteps.length > 0 && (
        <Group gap="xs" wrap="wrap">
          {refusedSteps.map((step) => (
            <Button key={step} size="xs" variant="light" color="red" onClick={() => onGoTo(step)}>
              {t('profiles.review.goTo', { step: t(`profiles.steps.${step}`) })}
            </Button>
          ))}
        </Group>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap-reverse">
        {props.onBack ? (
          <Button variant="subtle" onClick={props.onBack}>
            {t('profiles.wizard.back')}
          </Button>
        ) : (
          <span />
        )}
        {canSubmit(profile.state) && (
          <Button onClick={() => void submit()} loading={busy}>
            {t('profiles.wizard.submit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
};
