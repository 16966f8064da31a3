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
import { ProfileDocumentsList, ProfileDocumentUpload, useProfileDocuments } from '@/features/documents';
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
  // An entity's people each prove who they are (a director's passport): documents about one member.
  const memberNames = Object.fromEntries(
    profile.members.map((m) => [m.memberId, [m.person.firstName, m.person.lastName].filter(Boolean).join(' ')]),
  );
  const documents = useProfileDocuments(profile.profileId);
  const onFileFor = (memberId: string) => (documents.data?.items ?? []).filter((d) => d.memberId === memberId).length;
  const askPeople =
    profile.type === 'ENTITY' &&
    profile.members.length > 0 &&
    fieldRule(table, 'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY').visible;
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
      {askPeople && (
        <Stack gap="sm" component="section" aria-labelledby="people-documents">
          <Title order={3} size="h5" id="people-documents">
            {t('profiles.documents.peopleTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profiles.documents.peopleIntro')}
          </Text>
          {profile.members.map((m) => (
            <PersonDocument
              key={m.memberId}
              profileId={profile.profileId}
              memberId={m.memberId}
              name={memberNames[m.memberId] ?? ''}
              defaultIdType={m.person.idDocument?.type}
              onFile={onFileFor(m.memberId)}
              disabled={props.readOnly}
            />
          ))}
        </Stack>
      )}
      <Title order={3} size="h5">
        {t('profiles.documents.onFileTitle')}
      </Title>
      <ProfileDocumentsList profileId={profile.profileId} canDelete={!props.readOnly} memberNames={memberNames} />
    </StepForm>
  );
};

/** One person of the entity: their identity document (its type, then the upload), and how many are on file. */
const PersonDocument = ({
  profileId,
  memberId,
  name,
  defaultIdType,
  onFile,
  disabled,
}: {
  profileId: string;
  memberId: string;
  name: string;
  defaultIdType: IdDocumentType | undefined;
  onFile: number;
  disabled: boolean;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const [idType, setIdType] = useState<IdDocumentType>(defaultIdType ?? 'PASSPORT');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Badge color={onFile > 0 ? 'teal.9' : 'gray.7'} variant="outline" radius="sm" miw="max-content">
            {onFile > 0 ? t('profiles.documents.personOnFile', { count: onFile }) : t('profiles.documents.none')}
          </Badge>
        </Group>
        <NativeSelect
          label={t('profiles.fields.idType')}
          value={idType}
          onChange={(e) => setIdType(e.currentTarget.value as IdDocumentType)}
          data={ID_DOCUMENT_TYPES.map((type) => ({ value: type, label: ID_DOCUMENT_TYPE_LABELS[type][lang] }))}
          disabled={disabled}
          maw={320}
        />
        <ProfileDocumentUpload
          profileId={profileId}
          kind="PROOF_OF_IDENTITY"
          idDocumentType={idType}
          memberId={memberId}
          label={t('profiles.documents.personUpload', { name })}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
};
