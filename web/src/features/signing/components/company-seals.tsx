import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { MAX_SEAL_PNG_BYTES } from '@tranche/shared/signing/signing.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addCompanySeal, useCompanySeals } from '@/features/signing/api/projects';
import { useErrorText } from '@/i18n/use-lang';
import { notifications } from '@/lib/notifications';

/** The file's bytes as base64 (no data: prefix), as addCompanySeal takes them. */
const base64Of = async (file: Blob) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

/**
 * The GP's company seals (/seal/list): everyone in the team sees them; admins and owners add one (a
 * PNG of at most 100 KB, checked here and again by the API). A SEAL field is stamped with the seal its
 * GP signer chooses when signing.
 */
export const CompanySeals = ({ canAdd }: { canAdd: boolean }) => {
  const { t } = useTranslation();
  const seals = useCompanySeals(true);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const [busy, setBusy] = useState(false);

  const choose = (next: File | null) => {
    setProblem(null);
    setFile(null);
    if (!next) return;
    if (next.type !== 'image/png') return setProblem(t('signing.seals.notPng'));
    if (next.size > MAX_SEAL_PNG_BYTES) return setProblem(t('signing.seals.tooLarge'));
    setFile(next);
    if (!name) setName(next.name.replace(/\.png$/i, ''));
  };

  const add = async () => {
    if (!file || !name.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      await addCompanySeal({ name: name.trim(), png: await base64Of(file) });
      await seals.mutate();
      setName('');
      setFile(null);
      notifications.show({ color: 'green', message: t('signing.seals.added') });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="company-seals-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="company-seals-title">
          {t('signing.editor.seals')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('signing.editor.sealHint')}
        </Text>
        {seals.data && seals.data.items.length === 0 && <Text size="sm">{t('signing.seals.none')}</Text>}
        {seals.data && seals.data.items.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} spacing="sm">
            {seals.data.items.map((seal) => (
              <Stack key={seal.sealId} gap={4} align="center">
                <Image src={seal.dataUrl} alt={seal.name} h={72} w={72} fit="contain" />
                <Text size="xs" ta="center" style={{ overflowWrap: 'anywhere' }}>
                  {seal.name}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        {canAdd && (
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('signing.seals.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
            />
            <FileButton onChange={choose} accept="image/png">
              {(props) => (
                <Button {...props} variant="default">
                  {file ? file.name : t('signing.seals.choose')}
                </Button>
              )}
            </FileButton>
            <Button onClick={() => void add()} disabled={!file || !name.trim()} loading={busy}>
              {t('signing.seals.add')}
            </Button>
          </Group>
        )}
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
        {failure !== null && (
          <Alert color="red" role="alert">
            {failureText}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
};
