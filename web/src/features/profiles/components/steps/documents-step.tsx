import { List, Text } from '@mantine/core';
import { REQUIREMENT_KIND_LABELS } from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { useTranslation } from 'react-i18next';
import { StepForm, type StepProps, useStepSave } from '@/features/profiles/components/step-form';
import { fieldRule, STEP_KINDS } from '@/features/profiles/lib/requirements';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';

/** The documents the tenant asks for this profile type (mandatory ones marked), and their uploads. */
export const DocumentsStep = ({ table, ...props }: StepProps & { table: RequirementTable }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const { saving, error, save } = useStepSave(null, props);
  const kinds = STEP_KINDS.documents.filter((k) => fieldRule(table, k).visible);
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
      <Text fw={600}>{t('profiles.documents.kinds')}</Text>
      <List size="sm" spacing={4}>
        {kinds.map((k) => (
          <List.Item key={k}>
            {REQUIREMENT_KIND_LABELS[k][lang]}
            {fieldRule(table, k).required ? ' *' : ''}
          </List.Item>
        ))}
      </List>
    </StepForm>
  );
};
