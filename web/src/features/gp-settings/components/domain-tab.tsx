import { ActionIcon, Alert, Button, Fieldset, Group, Input, List, Stack, Text, TextInput } from '@mantine/core';
import { HostNameSchema, MAX_CUSTOM_DOMAINS, UpdateDomainSchema } from '@tranche/shared/tenant/tenant.schema';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateDomain } from '@/features/gp-settings/api/tenant-config';
import { useSave } from '@/features/gp-settings/lib/use-save';
import { schemaResolver, useFieldError, validationKey } from '@/features/gp-settings/lib/validation';
import { resolvePortalLocation } from '@/lib/portal-location';
import type { TabProps } from './general-tab';
import { formSectionProps, SettingsSection, useResetOnRevision } from './settings-section';

interface DomainValues {
  prefix: string;
  domains: string[];
  revision: string;
}

/**
 * The portal's prefix and custom domains. A new prefix moves a page running under `/t/<prefix>/` to
 * the new address (the API has already moved this user's session cookies there).
 */
export const DomainTab = ({ config, canEdit, onChanged }: TabProps) => {
  const { t } = useTranslation();
  const defaults: DomainValues = { prefix: config.prefix, domains: config.domains, revision: config.revisions.domain };
  const form = useForm<DomainValues>({ defaultValues: defaults, resolver: schemaResolver(UpdateDomainSchema) });
  const errorOf = useFieldError(form.formState.errors);
  const { error, run } = useSave(form);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | undefined>();
  useResetOnRevision(form, defaults, config.revisions.domain);
  const [prefix, domains] = useWatch({ control: form.control, name: ['prefix', 'domains'] });

  const add = () => {
    const host = draft.trim().toLowerCase();
    const checked = HostNameSchema.safeParse(host);
    if (!checked.success) {
      setDraftError(t(`gpSettings.validation.${validationKey(['domains', 0], checked.error.issues[0]?.code ?? '')}`));
      return;
    }
    if (domains.includes(host)) {
      setDraftError(t('gpSettings.validation.duplicate'));
      return;
    }
    form.setValue('domains', [...domains, host], { shouldDirty: true });
    setDraft('');
    setDraftError(undefined);
  };

  const submit = form.handleSubmit(async (values) => {
    const moving = values.prefix !== config.prefix;
    const ok = await run(() => updateDomain(values), moving ? t('gpSettings.domain.moved') : undefined);
    if (!ok) return;
    const { pathname, search } = window.location;
    const { basename } = resolvePortalLocation(window.location);
    if (moving && basename) {
      window.location.assign(`/t/${values.prefix}${pathname.slice(basename.length)}${search}`);
      return;
    }
    await onChanged();
  });

  const portalUrl = `${window.location.origin}/t/${config.prefix}/`;
  const full = domains.length >= MAX_CUSTOM_DOMAINS;

  return (
    <SettingsSection
      title={t('gpSettings.domain.title')}
      description={t('gpSettings.domain.description')}
      {...formSectionProps(form, { canEdit, submit, error, onChanged })}
    >
      <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
        <Stack gap="lg" maw={640}>
          <Stack gap="xs">
            <TextInput
              label={t('gpSettings.domain.prefix')}
              description={t('gpSettings.domain.prefixHint', { url: portalUrl })}
              withAsterisk
              autoComplete="off"
              spellCheck={false}
              maxLength={31}
              error={errorOf('prefix')}
              {...form.register('prefix', { setValueAs: (v: string) => v.trim().toLowerCase() })}
            />
            {prefix !== config.prefix && (
              <Alert color="orange" variant="light" role="status">
                {t('gpSettings.domain.prefixWarning')}
              </Alert>
            )}
          </Stack>
          <Input.Wrapper
            label={t('gpSettings.domain.domains')}
            description={t('gpSettings.domain.domainsHint')}
            labelElement="div"
            labelProps={{ id: 'custom-domains-label' }}
            error={errorOf('domains')}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
          >
            <Stack gap="xs" mt="xs">
              {domains.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('gpSettings.domain.noDomains')}
                </Text>
              ) : (
                <List aria-labelledby="custom-domains-label" listStyleType="none" spacing={4}>
                  {domains.map((host, i) => (
                    <List.Item key={host}>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" ff="monospace">
                          {host}
                        </Text>
                        {canEdit && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="sm"
                            aria-label={t('gpSettings.domain.removeDomain', { domain: host })}
                            onClick={() =>
                              form.setValue(
                                'domains',
                                domains.filter((d) => d !== host),
                                { shouldDirty: true },
                              )
                            }
                          >
                            ×
                          </ActionIcon>
                        )}
                      </Group>
                      {errorOf(`domains.${i}`) && (
                        <Text size="xs" c="red.9" role="alert">
                          {errorOf(`domains.${i}`)}
                        </Text>
                      )}
                    </List.Item>
                  ))}
                </List>
              )}
              {canEdit && (
                <Group align="flex-start" gap="xs">
                  <TextInput
                    label={t('gpSettings.domain.newDomain')}
                    placeholder="invest.example.com"
                    autoComplete="off"
                    spellCheck={false}
                    value={draft}
                    onChange={(e) => setDraft(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        add();
                      }
                    }}
                    error={
                      draftError ??
                      (full ? t('gpSettings.domain.maxDomains', { count: MAX_CUSTOM_DOMAINS }) : undefined)
                    }
                    disabled={full}
                    style={{ flex: 1 }}
                  />
                  <Button variant="default" mt={25} onClick={add} disabled={full || !draft.trim()}>
                    {t('gpSettings.domain.addDomain')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Input.Wrapper>
        </Stack>
      </Fieldset>
    </SettingsSection>
  );
};
