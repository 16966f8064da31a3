import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PROFILE_DOCUMENT_KIND_LABELS } from '@tranche/shared/files/files.schema';
import {
  assessEligibility,
  ELIGIBILITY_TEST_RULES,
  type EligibilityEvidence,
  type EligibilityOutcome,
  type EligibilityTest,
  US_LICENCES,
} from '@tranche/shared/profile/eligibility';
import type { CertificateView, Profile } from '@tranche/shared/profile/profile.schema';
import { INVESTOR_CLASSIFICATION_LABELS, PROFILE_VALIDATION_MESSAGES } from '@tranche/shared/profile/profile-enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BADGE_WARNING } from '@/components/badge-colors';
import { useProfileDocuments } from '@/features/documents';
import { useStoreProfile } from '@/features/profiles/api/keys';
import { saveCertificate } from '@/features/profiles/api/mutations';
import {
  checkEvidence,
  EVIDENCE_CURRENCY,
  EVIDENCE_FIELDS,
  type EvidenceProblem,
  type EvidenceValues,
  emptyEvidence,
  evidenceInputPath,
  evidenceValues,
  testsFor,
} from '@/features/profiles/lib/evidence';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';

// Eligible stands out in green, anything short of it in orange or red; dark shades keep 4.5:1.
const OUTCOME_COLOR: Record<EligibilityOutcome, string> = {
  ELIGIBLE: 'teal.9',
  BELOW_THRESHOLD: 'red.9',
  EXPIRED: 'red.9',
  NOT_YET_VALID: BADGE_WARNING,
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * One claimed classification's evidence (Deliver 7): the statutory test it rests on, that test's
 * figures in its own currency, the profile's documents that prove it, and the date it was assessed;
 * saved as the certificate's evidence. Once saved, the rules' verdict and the date the evidence
 * expires show beside it, so the investor sees a renewal coming.
 */
export const EvidenceForm = ({
  profile,
  certificate,
  readOnly,
}: {
  profile: Profile;
  certificate: CertificateView;
  readOnly: boolean;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreProfile();
  const tests = testsFor(certificate.classification);
  const saved = certificate.evidence as EligibilityEvidence | undefined;
  const [values, setValues] = useState<EvidenceValues>(() =>
    saved ? evidenceValues(saved) : emptyEvidence(tests[0] ?? 'US_AI_INCOME'),
  );
  const [problems, setProblems] = useState<Record<string, EvidenceProblem | string>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const documents = useProfileDocuments(profile.profileId);
  if (tests.length === 0) return null;

  const rule = ELIGIBILITY_TEST_RULES[values.test];
  const currency = EVIDENCE_CURRENCY[rule.jurisdiction];
  const name = INVESTOR_CLASSIFICATION_LABELS[certificate.classification][lang];
  const assessment = saved ? assessEligibility(saved, today()) : undefined;
  const id = `evidence-${certificate.classification}`;

  const problemText = (path: string): string | undefined => {
    const p = problems[path];
    if (!p) return undefined;
    if (p === 'required') return PROFILE_VALIDATION_MESSAGES.required[lang];
    if (p === 'amount' || p === 'date' || p === 'expiry' || p === 'either') return t(`profiles.evidence.problems.${p}`);
    return p;
  };
  const setField = (key: string, value: string | boolean) => {
    setValues((v) => ({ ...v, fields: { ...v.fields, [key]: value } }));
    setProblems(({ [key]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    setFailure(null);
    const checked = checkEvidence(values);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setSaving(true);
    try {
      await store(
        await saveCertificate(profile, { classification: certificate.classification, evidence: checked.evidence }),
      );
    } catch (error) {
      // The server names the evidence's field (evidenceInvalid, 400): show it on that input.
      const fields = isApiError(error)
        ? ((error.details.fields as { field: string; message: string }[] | undefined) ?? [])
        : [];
      if (fields.length > 0) {
        setProblems(Object.fromEntries(fields.map((f) => [evidenceInputPath(f.field.split('.')), f.message])));
      } else setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const moneyInput = (key: string, label: string) => (
    <TextInput
      key={key}
      label={label}
      value={String(values.fields[key] ?? '')}
      onChange={(e) => setField(key, e.currentTarget.value)}
      inputMode="decimal"
      rightSection={<Text size="xs">{currency}</Text>}
      rightSectionWidth={48}
      error={problemText(key)}
      disabled={readOnly}
    />
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={id}>
            {t('profiles.evidence.title', { name })}
          </Title>
          {assessment ? (
            <Badge color={OUTCOME_COLOR[assessment.outcome]} variant="outline" radius="sm" miw="max-content">
              {t(`profiles.evidence.outcome.${assessment.outcome}`)}
            </Badge>
          ) : (
            <Badge color="gray.7" variant="outline" radius="sm" miw="max-content">
              {t('profiles.evidence.none')}
            </Badge>
          )}
        </Group>
        {assessment && (
          <Text size="sm" c={assessment.outcome === 'ELIGIBLE' ? 'dimmed' : 'red.9'}>
            {t('profiles.evidence.expires', { date: formatDate(assessment.expiresOn, lang) })}
          </Text>
        )}
        <NativeSelect
          label={t('profiles.evidence.test')}
          value={values.test}
          onChange={(e) => {
            setValues(emptyEvidenceKeeping(values, e.currentTarget.value as EligibilityTest));
            setProblems({});
          }}
          data={tests.map((test) => ({ value: test, label: ELIGIBILITY_TEST_RULES[test].label[lang] }))}
          disabled={readOnly}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {EVIDENCE_FIELDS[values.test].flatMap((f) => {
            const label = t(`profiles.evidence.fields.${f.key as 'netWorth'}`);
            switch (f.kind) {
              case 'money':
                return [moneyInput(f.key, label)];
              case 'money2':
                return [
                  moneyInput(`${f.key}.0`, t('profiles.evidence.year', { label, n: 1 })),
                  moneyInput(`${f.key}.1`, t('profiles.evidence.year', { label, n: 2 })),
                ];
              case 'bool':
                return [
                  <Checkbox
                    key={f.key}
                    mt="lg"
                    label={label}
                    checked={values.fields[f.key] === true}
                    onChange={(e) => setField(f.key, e.currentTarget.checked)}
                    disabled={readOnly}
                  />,
                ];
              case 'licence':
              case 'holder':
                return [
                  <NativeSelect
                    key={f.key}
                    label={label}
                    value={String(values.fields[f.key] ?? '')}
                    onChange={(e) => setField(f.key, e.currentTarget.value)}
                    error={problemText(f.key)}
                    data={[
                      { value: '', label: '—' },
                      ...(f.kind === 'licence' ? US_LICENCES : (['INDIVIDUAL', 'ENTITY'] as const)).map((v) => ({
                        value: v,
                        label: t(`profiles.evidence.options.${v}`),
                      })),
                    ]}
                    disabled={readOnly}
                  />,
                ];
              case 'date':
                return [
                  <TextInput
                    key={f.key}
                    type="date"
                    label={label}
                    value={String(values.fields[f.key] ?? '')}
                    onChange={(e) => setField(f.key, e.currentTarget.value)}
                    error={problemText(f.key)}
                    disabled={readOnly}
                  />,
                ];
            }
            return [];
          })}
          <TextInput
            type="date"
            label={t('profiles.fields.assessedOn')}
            description={t('profiles.evidence.assessedHint')}
            value={values.assessedOn}
            onChange={(e) => {
              const assessedOn = e.currentTarget.value;
              setValues((v) => ({ ...v, assessedOn }));
              setProblems(({ assessedOn: _gone, ...rest }) => rest);
            }}
            error={problemText('assessedOn')}
            required
            disabled={readOnly}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('profiles.evidence.documents')}
          description={t('profiles.evidence.documentsHint')}
          data={(documents.data?.items ?? []).map((d) => ({
            value: d.documentId,
            label: `${PROFILE_DOCUMENT_KIND_LABELS[d.kind][lang]} · ${d.originalName}`,
          }))}
          value={values.documentIds}
          onChange={(documentIds) => {
            setValues((v) => ({ ...v, documentIds }));
            setProblems(({ documentIds: _gone, ...rest }) => rest);
          }}
          error={problemText('documentIds')}
          nothingFoundMessage={t('profiles.evidence.noDocuments')}
          required
          searchable
          comboboxProps={{ withinPortal: true }}
          disabled={readOnly}
        />
        {problems.expiresOn && (
          <Text size="sm" c="red.9" role="alert">
            {problemText('expiresOn')}
          </Text>
        )}
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {failureText}
          </Alert>
        )}
        {!readOnly && (
          <Group>
            <Button variant="light" loading={saving} onClick={() => void save()}>
              {t('profiles.evidence.save', { name })}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
};

/** Another test: its own figures start empty; the documents and dates stay (they often prove both). */
const emptyEvidenceKeeping = (v: EvidenceValues, test: EligibilityTest): EvidenceValues => ({
  ...emptyEvidence(test),
  documentIds: v.documentIds,
  assessedOn: v.assessedOn,
});
