import { Button, Modal, MultiSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { errorMessage } from '@tranche/shared/errors/catalogue';
import { type KycCase, type KycDecisionBody, KycDecisionBodySchema } from '@tranche/shared/profile/kyc.schema';
import { KYC_CASE_LIFECYCLE, type KycDecision } from '@tranche/shared/profile/kyc-case-lifecycle';
import {
  REQUIREMENT_KIND_LABELS,
  REQUIREMENT_KINDS,
  type RequirementKind,
} from '@tranche/shared/profile/profile-enums';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmActions } from '@/components/confirm-actions';
import { useDecideKycCase } from '@/features/gp-kyc/api/kyc-case';
import {
  type DecisionFormValues,
  decisionBody,
  decisionButtons,
  decisionErrorKey,
  decisionFieldPath,
  EMPTY_DECISION_FORM,
} from '@/features/gp-kyc/lib/decision-form';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors, schemaResolver, useFieldErrorText } from '@/lib/form-errors';
import { notifications } from '@/lib/notifications';

// Approve is the one filled button, in a shade that keeps white text at 4.5:1; the others are light
// variants of whole palettes (a shade index would make Mantine fill them with that shade).
const COLORS: Record<KycDecision, string | undefined> = {
  APPROVE: 'teal.9',
  REJECT: 'red',
  REQUEST_DOCUMENTS: undefined,
  SALES_SUPPORT: 'gray',
};

/** A 409 on a decision: someone decided (or the investor uploaded) between our read and our write. */
const isConflict = (error: unknown) => isApiError(error) && error.status === 409;

interface DecisionPanelProps {
  kase: KycCase;
  /** Asks the case again (after someone else decided first). */
  onReload: () => void;
}

/**
 * Approve, reject, request documents, hand to sales support: the buttons the case's status offers,
 * enabled for the roles that may decide. Each opens a dialog that asks for a reason (and, to request
 * documents, which kinds and a message) and confirms; a lost race says so and offers to reload.
 */
export const DecisionPanel = ({ kase, onReload }: DecisionPanelProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { shown, enabled, readOnly, approvalBlockedBy } = decisionButtons(kase);
  const [pending, setPending] = useState<KycDecision | null>(null);
  const noteId = useId();

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={noteId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={noteId}>
          {t('gpKyc.decision.title')}
        </Title>
        {readOnly === 'ended' ? (
          <Text size="sm">{t('gpKyc.decision.ended')}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {readOnly === 'role' ? t('gpKyc.decision.readOnly') : t('gpKyc.decision.intro')}
            </Text>
            <Stack gap="xs">
              {shown.map((decision) => (
                <Button
                  key={decision}
                  color={COLORS[decision]}
                  variant={decision === 'APPROVE' ? 'filled' : 'light'}
                  disabled={!enabled.has(decision)}
                  fullWidth
                  onClick={() => setPending(decision)}
                >
                  {KYC_CASE_LIFECYCLE.eventLabel(decision, lang)}
                </Button>
              ))}
            </Stack>
            {approvalBlockedBy && shown.includes('APPROVE') && (
              <Text size="sm" c="red.9">
                {t('gpKyc.decision.blocked', { reason: errorMessage(approvalBlockedBy, lang) })}
              </Text>
            )}
          </>
        )}
      </Stack>
      {pending && (
        <DecisionDialog kase={kase} decision={pending} onClose={() => setPending(null)} onReload={onReload} />
      )}
    </Paper>
  );
};

const DecisionDialog = ({
  kase,
  decision,
  onClose,
  onReload,
}: {
  kase: KycCase;
  decision: KycDecision;
  onClose: () => void;
  onReload: () => void;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const decide = useDecideKycCase(kase.caseId);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<DecisionFormValues, unknown, KycDecisionBody>({
    defaultValues: EMPTY_DECISION_FORM,
    resolver: schemaResolver<DecisionFormValues, KycDecisionBody>(KycDecisionBodySchema, {
      toInput: (values) => decisionBody(decision, kase.version, values),
      fieldPath: decisionFieldPath,
      message: decisionErrorKey,
    }),
  });
  const errorOf = useFieldErrorText(form.formState.errors, ({ message }) =>
    t(`gpKyc.decision.errors.${message as 'required' | 'tooLong' | 'invalid' | 'kindsOrNote'}`),
  );
  const askDocuments = decision === 'REQUEST_DOCUMENTS';
  const name = kase.profile.name;

  // The resolver checked the body with the route's own schema: what is sent is what it checked.
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await decide(body);
      notifications.show({ color: 'green', message: t(`gpKyc.decision.done.${decision}`) });
      onClose();
    } catch (error) {
      const placed =
        !isConflict(error) &&
        applyApiFieldErrors(error, form, {
          fieldPath: (field) => decisionFieldPath(field.split('.')),
          hasField: (path) => ['reason', 'kinds', 'note'].includes(path),
          ruleMessage: (rule, path) => decisionErrorKey({ code: rule as never, path: [path] }),
        });
      if (!placed) setFailure(error);
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`gpKyc.decision.dialog.${decision}.title`, { name })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('gpKyc.decision.close') }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(`gpKyc.decision.dialog.${decision}.body`)}</Text>
          {askDocuments && (
            <>
              <Controller
                control={form.control}
                name="kinds"
                render={({ field }) => (
                  <MultiSelect
                    label={t('gpKyc.decision.kinds')}
                    description={t('gpKyc.decision.kindsHint')}
                    data={REQUIREMENT_KINDS.map((k) => ({ value: k, label: REQUIREMENT_KIND_LABELS[k][lang] }))}
                    value={field.value}
                    onChange={(v) => field.onChange(v as RequirementKind[])}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errorOf('kinds')}
                    searchable
                    clearable
                    clearButtonProps={{ 'aria-label': t('gpKyc.decision.clearKinds') }}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
              <Textarea
                {...form.register('note')}
                label={t('gpKyc.decision.note')}
                description={t('gpKyc.decision.noteHint')}
                error={errorOf('note')}
                rows={2}
                resize="vertical"
              />
            </>
          )}
          <Textarea
            {...form.register('reason')}
            label={t('gpKyc.decision.reason')}
            description={t('gpKyc.decision.reasonHint')}
            error={errorOf('reason')}
            required
            rows={3}
            resize="vertical"
            data-autofocus
          />
          <ConfirmActions
            failure={failure}
            isConflict={isConflict}
            conflictTitle={t('gpKyc.decision.conflictTitle')}
            conflictBody={t('gpKyc.decision.conflictBody')}
            reloadLabel={t('gpKyc.decision.reload')}
            onReload={onReload}
            cancelLabel={t('gpKyc.decision.cancel')}
            onCancel={onClose}
            confirmLabel={t(`gpKyc.decision.dialog.${decision}.confirm`)}
            confirmColor={COLORS[decision]}
            busy={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </Modal>
  );
};
