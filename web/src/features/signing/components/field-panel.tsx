import { Box, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SignerView } from '@tranche/shared/signing/signing.schema';
import type { ContractTagKey } from '@tranche/shared/subscription/contract-tags';
import { useTranslation } from 'react-i18next';
import { FIELD_DRAG_TYPE } from '@/features/signing/components/field-layer';
import { type EditorField, FIELD_KINDS, type FieldKind, MIN_FIELD_SIZE } from '@/features/signing/lib/fields';
import { changeKind, fillBySigner, fillFromData, isTaggable, tagOptions } from '@/features/signing/lib/tags';
import { useLang } from '@/i18n/use-lang';

/**
 * The choice "Filled from data" beside the signers: a value no signer id can take (ids are letters,
 * digits, - and _ only).
 */
export const FROM_DATA = ':data';

interface SignerOption {
  signerId: string;
  name: string;
  role: SignerView['role'];
}

interface PaletteProps {
  signers: readonly SignerOption[];
  assignTo: string | null;
  onAssignTo: (signerId: string | null) => void;
  /** Adds a field of `kind` to the page shown (the keyboard and touch way to add one). */
  onAdd: (kind: FieldKind) => void;
  /** Whether the user may place company seals (GP_ADMIN, GP_OWNER). */
  canSeal: boolean;
}

/**
 * The field kinds to place: dragged onto a page with a mouse, or chosen (click, Enter, tap) to add one
 * to the page shown, for the signer picked above them.
 */
export const FieldPalette = ({ signers, assignTo, onAssignTo, onAdd, canSeal }: PaletteProps) => {
  const { t } = useTranslation();
  const chosen = signers.find((s) => s.signerId === assignTo);
  const fromData = assignTo === FROM_DATA;
  // From data: only the kinds a tag can fill; otherwise a SEAL only for a GP signer, placed by an admin.
  const kinds = FIELD_KINDS.filter((k) =>
    fromData ? isTaggable(k) : k !== 'SEAL' || (canSeal && chosen?.role === 'GP'),
  );
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('signing.editor.palette')}
      </Title>
      <Select
        label={t('signing.editor.assignTo')}
        data={[
          ...signers.map((s) => ({ value: s.signerId, label: `${s.name} (${t(`signing.role.${s.role}`)})` })),
          { value: FROM_DATA, label: t('signing.editor.fromData') },
        ]}
        value={assignTo}
        onChange={onAssignTo}
        allowDeselect={false}
        placeholder={t('signing.editor.noSigners')}
      />
      <Group gap={6}>
        {kinds.map((kind) => (
          <Button
            key={kind}
            variant="light"
            size="compact-sm"
            disabled={!assignTo}
            draggable={!!assignTo}
            onDragStart={(e) => {
              e.dataTransfer.setData(FIELD_DRAG_TYPE, kind);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => onAdd(kind)}
            data-kind={kind}
          >
            + {t(`signing.kind.${kind}`)}
          </Button>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {t('signing.editor.paletteHint')}
      </Text>
      {fromData && (
        <Text size="xs" c="dimmed">
          {t('signing.editor.fromDataHint')}
        </Text>
      )}
      {canSeal && (
        <Text size="xs" c="dimmed">
          {t('signing.editor.sealHint')}
        </Text>
      )}
    </Stack>
  );
};

interface PropertiesProps {
  field: EditorField;
  pages: number;
  signers: readonly SignerOption[];
  canSeal: boolean;
  onChange: (field: EditorField) => void;
  onRemove: () => void;
}

/** The selected field's exact place, size and signer: typed in points, the precise way to place one. */
export const FieldProperties = ({ field, pages, signers, canSeal, onChange, onRemove }: PropertiesProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const taggable = isTaggable(field.kind);
  const fallbackSigner = signers[0]?.signerId ?? null;
  const num = (key: 'x' | 'y' | 'width' | 'height', min: number) => (
    <NumberInput
      label={t(`signing.editor.field${key === 'x' ? 'X' : key === 'y' ? 'Y' : key === 'width' ? 'Width' : 'Height'}`)}
      value={field[key]}
      min={min}
      decimalScale={2}
      onChange={(v) => typeof v === 'number' && onChange({ ...field, [key]: v })}
      size="xs"
    />
  );
  return (
    <Box component="section" aria-label={t('signing.editor.selected')}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('signing.editor.selected')}
        </Title>
        <SimpleGrid cols={2} spacing="xs">
          <Select
            size="xs"
            label={t('signing.editor.fieldKind')}
            value={field.kind}
            allowDeselect={false}
            data={FIELD_KINDS.filter((k) => k !== 'SEAL' || canSeal || field.kind === 'SEAL').map((k) => ({
              value: k,
              label: t(`signing.kind.${k}`),
            }))}
            onChange={(v) => v && onChange(changeKind(field, v as FieldKind, fallbackSigner))}
          />
          <Select
            size="xs"
            label={t('signing.editor.fieldSigner')}
            value={field.tag ? FROM_DATA : field.signerId}
            allowDeselect={false}
            data={[
              ...signers.map((s) => ({ value: s.signerId, label: s.name })),
              ...(taggable ? [{ value: FROM_DATA, label: t('signing.editor.fromData') }] : []),
            ]}
            onChange={(v) => v && onChange(v === FROM_DATA ? fillFromData(field) : fillBySigner(field, v))}
          />
          {field.tag && (
            <Select
              size="xs"
              label={t('signing.editor.fieldTag')}
              value={field.tag}
              allowDeselect={false}
              searchable
              data={tagOptions(field.kind, lang, (g) => t(`signing.tagGroup.${g}`))}
              onChange={(v) => v && onChange(fillFromData(field, v as ContractTagKey))}
              style={{ gridColumn: '1 / -1' }}
            />
          )}
          <NumberInput
            size="xs"
            label={t('signing.editor.fieldPage')}
            value={field.pageIndex + 1}
            min={1}
            max={pages}
            allowDecimal={false}
            onChange={(v) => typeof v === 'number' && v >= 1 && v <= pages && onChange({ ...field, pageIndex: v - 1 })}
          />
          <Box />
          {num('x', 0)}
          {num('y', 0)}
          {num('width', MIN_FIELD_SIZE)}
          {num('height', MIN_FIELD_SIZE)}
        </SimpleGrid>
        <Checkbox
          size="xs"
          label={t('signing.editor.fieldRequired')}
          checked={field.required}
          onChange={(e) => onChange({ ...field, required: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
            {t('signing.editor.removeField')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
};
