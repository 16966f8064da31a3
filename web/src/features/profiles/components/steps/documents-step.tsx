import { Badge, Group, NativeSelect, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ProfileDocumentKind } from '@tranche/shared/files/files.schema';
import {
  ID_DOCUMENT_TYPE_LABELS,
  ID_DOCUMENT_TYPES,
  type IdDocumentType,
  REQUIREMENT_KIND_LABELS,
} from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileDocumentsList, ProfileDocumentUpload } from '@/features/documents';
import { StepForm, type StepProps, useStepSave } from '@/features/profiles/components/step-form';
import { fieldRule, STEP_KINDS } from '@/features/profiles/lib/requirements';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';

/**
 * The documents the tenant asks of this profile type, each with its upload (progress, then the
 * malware check, then attached: the documents part's component) and whether one is on file; the
 * profile's documents below. Mandatory kinds are marked; hidden ones are not asked.
 */
export const DocumentsStep = ({
  table,
  documentKinds,
  ...props
}: StepProps & { table: RequirementTable; documentKinds: ReadonlySet<string> }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const { profile } = props;
  const { saving, error, save } = useStepSave(null, props);
  // A proof of identity names its ID document; the one on the personal details step by default.
  const [idType, setIdType] = useState<IdDocumentType>(profile.individual?.idDocument?.type ?? 'PASSPORT');
  const kinds = STEP_KINDS.documents.filter((k) => fieldRule(table, k).visible) as ProfileDocumentKind[];
  return (
    <StepForm
      title={t('profiles.steps.documents')}
      intro={t('profiles.documents.intro', { name: tenant.branding.displayName })}
      error={error}
      saving={saving}
      readOnly={props.readOnly}
      onSubmit={(intent) => void save(intent, async () => undefined)}
      onBack={props.onBack}
    >
      {kinds.map((kind) => {
        const label = REQUIREMENT_KIND_LABELS[kind][lang];
        const onFile = documentKinds.has(kind);
        return (
          <Paper key={kind} withBorder radius="md" p="md">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Title order={3} size="h5">
                  {label}
                  {fieldRule(table, kind).required && (
                    <>
                      <Text component="span" c="red.8" aria-hidden>
                        {' *'}
                      </Text>
                      <VisuallyHidden>{` (${t('profiles.documents.required')})`}</VisuallyHidden>
                    </>
                  )}
                </Title>
                <Badge color={onFile ? 'teal.9' : 'gray.7'} variant="outline" radius="sm" miw="max-content">
                  {onFile ? t('profiles.documents.onFile') : t('profiles.documents.none')}
                </Badge>
              </Group>
              {kind === 'PROOF_OF_IDENTITY' && (
                <NativeSelect
                  label={t('profiles.fields.idType')}
                  value={idType}
                  onChange={(e) => setIdType(e.currentTarget.value as IdDocumentType)}
                  data={ID_DOCUMENT_TYPES.map((type) => ({ value: type, label: ID_DOCUMENT_TYPE_LABELS[type][lang] }))}
                  disabled={props.readOnly}
                  maw={320}
                />
              )}
              <ProfileDocumentUpload
                profileId={profile.profileId}
                kind={kind}
                {...(kind === 'PROOF_OF_IDENTITY' ? { idDocumentType: idType } : {})}
                label={t('profiles.documents.upload', { kind: label })}
                disabled={props.readOnly}
              />
            </Stack>
          </Paper>
        );
      })}
      <Title order={3} size="h5">
        {t('profiles.documents.onFileTitle')}
      </Title>
      <ProfileDocumentsList profileId={profile.profileId} canDelete={!props.readOnly} />
    </StepForm>
  );
};
