import { MultiSelect, Stack, Text } from '@mantine/core';
import {
  INVESTOR_CLASSIFICATION_LABELS,
  INVESTOR_CLASSIFICATIONS,
  type InvestorClassification,
  PROFILE_VALIDATION_MESSAGES,
} from '@tranche/shared/profile/profile-enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCertificate } from '@/features/profiles/api/mutations';
import { EvidenceForm } from '@/features/profiles/components/evidence-form';
import { type Intent, StepForm, type StepProps, useStepSave } from '@/features/profiles/components/step-form';
import { useLang } from '@/i18n/use-lang';
import { formatDate } from '@/lib/format';

/**
 * The investor classifications the investor claims (QP, AI, the Hong Kong and Singapore tests, the
 * Australian wholesale tests…). Each is a certificate of the profile; once claimed (saved), each one a
 * statutory test establishes gets its evidence form below: the test, its figures, the documents
 * (uploaded on the documents step) and the assessment date, with the rules' verdict and the expiry.
 */
export const ClassificationStep = (props: StepProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { profile } = props;
  const saved = profile.certificates.map((c) => c.classification);
  const [chosen, setChosen] = useState<InvestorClassification[]>(saved);
  const [required, setRequired] = useState(false);
  const { saving, error, save } = useStepSave(null, props);

  const submit = (intent: Intent) => {
    if (!props.readOnly && intent === 'next' && chosen.length === 0) {
      setRequired(true);
      return;
    }
    void save(intent, async () => {
      let current = profile;
      for (const c of chosen.filter((c) => !saved.includes(c)))
        current = await saveCertificate(current, { classification: c });
      for (const c of saved.filter((c) => !chosen.includes(c)))
        current = await saveCertificate(current, { classification: c }, true);
      return current === profile ? undefined : current;
    });
  };

  return (
    <StepForm
      title={t('profiles.steps.classification')}
      intro={t('profiles.fields.classificationHint')}
      error={error}
      saving={saving}
      readOnly={props.readOnly}
      onSubmit={submit}
      onBack={props.onBack}
    >
      <MultiSelect
        label={t('profiles.fields.classification')}
        data={INVESTOR_CLASSIFICATIONS.map((c) => ({ value: c, label: INVESTOR_CLASSIFICATION_LABELS[c][lang] }))}
        value={chosen}
        onChange={(v) => {
          setChosen(v as InvestorClassification[]);
          setRequired(false);
        }}
        searchable
        required
        error={required ? PROFILE_VALIDATION_MESSAGES.atLeastOneChecked[lang] : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      {profile.certificates.length > 0 && (
        <Stack gap={4}>
          {profile.certificates.map((c) => (
            <Text key={c.classification} size="sm" c="dimmed">
              {INVESTOR_CLASSIFICATION_LABELS[c.classification][lang]} ·{' '}
              {t('profiles.fields.savedOn', { date: formatDate(c.updatedAt, lang) })}
            </Text>
          ))}
        </Stack>
      )}
      {profile.certificates.map((c) => (
        <EvidenceForm key={c.classification} profile={profile} certificate={c} readOnly={props.readOnly} />
      ))}
    </StepForm>
  );
};
