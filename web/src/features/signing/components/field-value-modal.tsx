import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { CompanySeal } from '@tranche/shared/signing/signing.schema';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from '@/features/signing/components/signature-pad';
import type { FieldKind } from '@/features/signing/lib/fields';

export type DraftValue =
  | { type: 'image'; png: string }
  | { type: 'text'; text: string }
  | { type: 'checkbox'; checked: boolean }
  | { type: 'seal'; sealId: string; dataUrl: string };

interface FieldValueModalProps {
  opened: boolean;
  kind: FieldKind;
  label?: string | undefined;
  signerName: string;
  current: DraftValue | undefined;
  seals: readonly CompanySeal[];
  onClose: () => void;
  onApply: (value: DraftValue | undefined) => void;
}

/** Filling one field: a signature or initials (draw / type / upload), a line of text, or a company seal. */
export const FieldValueModal = ({
  opened,
  kind,
  label,
  signerName,
  current,
  seals,
  onClose,
  onApply,
}: FieldValueModalProps) => {
  const { t } = useTranslation();
  const [png, setPng] = useState<string | null>(null);
  const [text, setText] = useState(current?.type === 'text' ? current.text : '');
  const [sealId, setSealId] = useState(current?.type === 'seal' ? current.sealId : (seals[0]?.sealId ?? ''));
  const onPng = useCallback((value: string | null) => setPng(value), []);
  const title = label ?? t(`signing.kind.${kind}`);

  const apply = () => {
    if (kind === 'SIGNATURE' || kind === 'INITIALS') onApply(png ? { type: 'image', png } : undefined);
    else if (kind === 'SEAL') {
      const seal = seals.find((s) => s.sealId === sealId);
      onApply(seal ? { type: 'seal', sealId: seal.sealId, dataUrl: seal.dataUrl } : undefined);
    } else onApply(text.trim() ? { type: 'text', text: text.trim() } : undefined);
  };
  const ready =
    kind === 'SIGNATURE' || kind === 'INITIALS' ? !!png : kind === 'SEAL' ? !!sealId : text.trim().length > 0;

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={false}>
      <Stack gap="md">
        {(kind === 'SIGNATURE' || kind === 'INITIALS') && (
          <SignaturePad kind={kind} defaultName={signerName} onChange={onPng} />
        )}
        {(kind === 'TEXT' || kind === 'DATE') && (
          <TextInput
            label={title}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={500}
            data-autofocus
          />
        )}
        {kind === 'SEAL' && (
          <Radio.Group label={t('signing.kind.SEAL')} value={sealId} onChange={setSealId}>
            <Stack gap="xs" mt="xs">
              {seals.map((s) => (
                <Radio
                  key={s.sealId}
                  value={s.sealId}
                  label={
                    <Group gap="xs">
                      <img src={s.dataUrl} alt="" width={40} height={40} style={{ objectFit: 'contain' }} />
                      <Text size="sm">{s.name}</Text>
                    </Group>
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={() => onApply(undefined)} disabled={!current}>
            {t('signing.signer.clearField')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('signing.signer.cancel')}
            </Button>
            <Button onClick={apply} disabled={!ready}>
              {t('signing.signer.adopt')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
};
