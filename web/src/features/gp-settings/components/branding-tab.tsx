import '@mantine/dropzone/styles.css';
import {
  Anchor,
  Badge,
  Box,
  Button,
  ColorInput,
  Fieldset,
  Group,
  Image,
  Input,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  brandingWarnings,
  contrastRatio,
  formatRatio,
  readableTextOn,
  TEXT_CONTRAST_MIN,
} from '@tranche/shared/tenant/colour';
import { LOGO_MAX_BYTES, LOGO_TYPES, UpdateBrandingSchema } from '@tranche/shared/tenant/tenant.schema';
import { type BaseSyntheticEvent, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateBranding, uploadLogo } from '@/features/gp-settings/api/tenant-config';
import { useSave } from '@/features/gp-settings/lib/use-save';
import { schemaResolver, useFieldError } from '@/features/gp-settings/lib/validation';
import type { TabProps } from './general-tab';
import { formSectionProps, SettingsSection } from './settings-section';

interface BrandingValues {
  displayName: string;
  primaryColor: string;
  logoText: string;
  tagline: { en: string; 'zh-CN'?: string };
  logo: 'keep' | 'remove' | { uploadId: string };
  revision: string;
}

type LogoState =
  | { status: 'idle' }
  | { status: 'uploading' }
  | { status: 'ready'; previewUrl: string }
  | { status: 'error'; reason: 'logoTooBig' | 'logoWrongType' | 'logoUploadFailed' };

const SWATCHES = ['#1c4e80', '#0b7a75', '#5f3dc4', '#c92a2a', '#2b8a3e', '#e67700', '#212529', '#ffd43b'];

/** Name, initials, tagline, colour and logo, with a live preview of how the portal will look. */
export const BrandingTab = ({ config, canEdit, onChanged }: TabProps) => {
  const { t } = useTranslation();
  const { logoUrl, ...branding } = config.branding;
  const defaults: BrandingValues = {
    ...branding,
    tagline: { en: branding.tagline.en, 'zh-CN': branding.tagline['zh-CN'] ?? '' },
    logo: 'keep',
    revision: config.revisions.branding,
  };
  const form = useForm<BrandingValues>({ defaultValues: defaults, resolver: schemaResolver(UpdateBrandingSchema) });
  const errorOf = useFieldError(form.formState.errors);
  const { error, run } = useSave(form);
  const [logo, setLogo] = useState<LogoState>({ status: 'idle' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the revision says when the data changed
  useEffect(() => {
    form.reset(defaults);
    setLogo({ status: 'idle' });
  }, [config.revisions.branding]);
  useEffect(() => () => (logo.status === 'ready' ? URL.revokeObjectURL(logo.previewUrl) : undefined), [logo]);

  const values = useWatch({ control: form.control });
  const logoChoice = values.logo;

  const pendingUpload = useRef<Promise<void> | undefined>(undefined);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type))
      return setLogo({ status: 'error', reason: 'logoWrongType' });
    if (file.size > LOGO_MAX_BYTES) return setLogo({ status: 'error', reason: 'logoTooBig' });
    setLogo({ status: 'uploading' });
    const upload = (async () => {
      try {
        const uploadId = await uploadLogo(file);
        form.setValue('logo', { uploadId }, { shouldDirty: true });
        setLogo({ status: 'ready', previewUrl: URL.createObjectURL(file) });
      } catch {
        setLogo({ status: 'error', reason: 'logoUploadFailed' });
      }
    })();
    pendingUpload.current = upload;
    await upload;
  };

  const save = form.handleSubmit(async (input) => {
    const tagline = input.tagline['zh-CN'] ? input.tagline : { en: input.tagline.en };
    if (await run(() => updateBranding({ ...input, tagline }))) await onChanged();
  });
  // A Save pressed while the logo is still uploading waits for it, so the new logo is saved with it.
  const submit = async (event?: BaseSyntheticEvent) => {
    // Before waiting: the browser's own form submission must not go ahead meanwhile.
    event?.preventDefault();
    await pendingUpload.current;
    await save(event);
  };

  const currentLogo =
    logo.status === 'ready' ? logo.previewUrl : logoChoice === 'remove' ? undefined : (logoUrl ?? undefined);
  const colour = /^#[0-9a-f]{6}$/i.test(values.primaryColor ?? '') ? (values.primaryColor as string) : '#1c4e80';

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <SettingsSection
        title={t('gpSettings.branding.title')}
        description={t('gpSettings.branding.description')}
        {...formSectionProps(form, { canEdit, submit, error, onChanged })}
      >
        <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
          <Stack gap="md">
            <TextInput
              label={t('gpSettings.branding.displayName')}
              withAsterisk
              maxLength={80}
              error={errorOf('displayName')}
              {...form.register('displayName')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('gpSettings.branding.logoText')}
                description={t('gpSettings.branding.logoTextHint')}
                withAsterisk
                maxLength={4}
                error={errorOf('logoText')}
                {...form.register('logoText')}
              />
              <Controller
                control={form.control}
                name="primaryColor"
                render={({ field }) => (
                  <ColorInput
                    label={t('gpSettings.branding.primaryColor')}
                    withAsterisk
                    format="hex"
                    swatches={SWATCHES}
                    // The eye-dropper button shows where the browser has the EyeDropper API; it has no name of its own.
                    eyeDropperButtonProps={{ 'aria-label': t('gpSettings.branding.pickColour') }}
                    value={field.value}
                    onChange={(v) => field.onChange(v.toLowerCase())}
                    onBlur={field.onBlur}
                    error={errorOf('primaryColor')}
                    disabled={!canEdit}
                  />
                )}
              />
            </SimpleGrid>
            <TextInput
              label={t('gpSettings.branding.taglineEn')}
              maxLength={200}
              error={errorOf('tagline.en')}
              {...form.register('tagline.en')}
            />
            <TextInput
              label={t('gpSettings.branding.taglineZh')}
              lang="zh-CN"
              maxLength={200}
              error={errorOf('tagline.zh-CN')}
              {...form.register('tagline.zh-CN')}
            />
            <Input.Wrapper
              label={t('gpSettings.branding.logo')}
              description={t('gpSettings.branding.logoHint')}
              labelElement="div"
              inputWrapperOrder={['label', 'description', 'input', 'error']}
            >
              {canEdit && (
                <Dropzone
                  onDrop={(files) => void onFile(files[0])}
                  onReject={(rejections) =>
                    setLogo({
                      status: 'error',
                      reason: rejections[0]?.errors[0]?.code === 'file-too-large' ? 'logoTooBig' : 'logoWrongType',
                    })
                  }
                  accept={[...LOGO_TYPES]}
                  maxSize={LOGO_MAX_BYTES}
                  multiple={false}
                  loading={logo.status === 'uploading'}
                  mt="xs"
                  aria-label={t('gpSettings.branding.logoDrop')}
                >
                  <Text ta="center" size="sm" py="md">
                    {t('gpSettings.branding.logoDrop')}
                  </Text>
                </Dropzone>
              )}
              <Box aria-live="polite" mt="xs">
                {logo.status === 'uploading' && (
                  <Group gap="xs">
                    <Loader size="xs" />
                    <Text size="sm">{t('gpSettings.branding.logoUploading')}</Text>
                  </Group>
                )}
                {logo.status === 'error' && (
                  <Text size="sm" c="red.9" role="alert">
                    {t(`gpSettings.branding.${logo.reason}`)}
                  </Text>
                )}
                {errorOf('logo.uploadId') && (
                  <Text size="sm" c="red.9" role="alert">
                    {errorOf('logo.uploadId')}
                  </Text>
                )}
              </Box>
              {canEdit && (logoUrl || logo.status === 'ready') && (
                <Group gap="xs" mt="xs">
                  {logoChoice !== 'remove' ? (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => {
                        setLogo({ status: 'idle' });
                        form.setValue('logo', logoUrl ? 'remove' : 'keep', { shouldDirty: true });
                      }}
                    >
                      {t('gpSettings.branding.logoRemove')}
                    </Button>
                  ) : (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => form.setValue('logo', 'keep', { shouldDirty: true })}
                    >
                      {t('gpSettings.branding.logoKeep')}
                    </Button>
                  )}
                </Group>
              )}
            </Input.Wrapper>
            {/* About the saved colour: the preview shows the one being edited. */}
            {config.brandingWarnings.map((w) => (
              <Text key={w.code} size="sm" c="orange.9" role="status">
                {t('gpSettings.branding.lowContrastWarning', { ratio: w.ratio })}
              </Text>
            ))}
          </Stack>
        </Fieldset>
      </SettingsSection>
      <BrandingPreview
        name={values.displayName || config.branding.displayName}
        logoText={values.logoText || config.branding.logoText}
        logoUrl={currentLogo}
        colour={colour}
      />
    </SimpleGrid>
  );
};

/** How the portal header, a button and a link look in the chosen colour, with their contrast. */
const BrandingPreview = ({
  name,
  logoText,
  logoUrl,
  colour,
}: {
  name: string;
  logoText: string;
  logoUrl: string | undefined;
  colour: string;
}) => {
  const { t } = useTranslation();
  const onWhite = contrastRatio(colour, '#ffffff');
  const text = readableTextOn(colour);
  const onFill = contrastRatio(colour, text);
  const lowOnWhite = brandingWarnings({ primaryColor: colour }).length > 0;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="branding-preview-title">
      <Title order={2} size="h3" id="branding-preview-title" mb="md">
        {t('gpSettings.branding.preview')}
      </Title>
      <Stack gap="md">
        <Group gap="sm" p="sm" bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
          {logoUrl ? (
            <Image src={logoUrl} alt={t('gpSettings.branding.logoAlt', { name })} h={40} w="auto" fit="contain" />
          ) : (
            <Box
              w={36}
              h={36}
              fw={700}
              fz="sm"
              style={{
                background: colour,
                color: text,
                borderRadius: 'var(--mantine-radius-md)',
                display: 'grid',
                placeItems: 'center',
              }}
              aria-hidden
            >
              {logoText}
            </Box>
          )}
          <Text fw={700}>{name}</Text>
        </Group>
        {!logoUrl && (
          <Text size="xs" c="dimmed">
            {t('gpSettings.branding.noLogo')}
          </Text>
        )}
        <Group gap="md">
          <Button color={colour} autoContrast tabIndex={-1} style={{ pointerEvents: 'none' }}>
            {t('gpSettings.branding.previewButton')}
          </Button>
          <Anchor component="span" c={colour} underline="always">
            {t('gpSettings.branding.previewLink')}
          </Anchor>
        </Group>
        <div>
          <Text size="sm" fw={500}>
            {t('gpSettings.branding.contrastTitle')}
          </Text>
          <Stack gap={4} mt={4} aria-live="polite">
            <ContrastLine
              label={t('gpSettings.branding.contrastLinks', { ratio: formatRatio(onWhite) })}
              ok={!lowOnWhite}
            />
            <ContrastLine
              label={t('gpSettings.branding.contrastButton', { ratio: formatRatio(onFill) })}
              ok={onFill >= TEXT_CONTRAST_MIN}
            />
          </Stack>
        </div>
      </Stack>
    </Paper>
  );
};

const ContrastLine = ({ label, ok }: { label: string; ok: boolean }) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color={ok ? 'green' : 'orange'} variant="light" size="sm">
        {ok ? t('gpSettings.branding.contrastPass') : t('gpSettings.branding.contrastLow')}
      </Badge>
      <Text size="sm">{label}</Text>
    </Group>
  );
};
