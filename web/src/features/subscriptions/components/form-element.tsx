import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { FormElement, ScenarioLabels } from '@tranche/shared/scenario/scenario.schema';
import { useTranslation } from 'react-i18next';
import { ScrollX } from '@/components/scroll-x';
import { DocumentUpload } from '@/features/documents';
import type { FieldValue } from '@/features/subscriptions/lib/form-values';
import { useLang } from '@/i18n/use-lang';

export const label = (text: ScenarioLabels | undefined, lang: Lang): string => (text ? text[lang] || text.en : '');

interface FormElementFieldProps {
  element: FormElement;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  /** The error under the field, in words. */
  error?: string | undefined;
  /** The investor's profiles, for a PROFILE element. */
  profiles?: readonly { profileId: string; name: string }[];
  readOnly?: boolean;
}

/**
 * One element of a scenario form (spec section 2's form elements, section 3's field types), as the
 * investor sees it. Display elements show their text; inputs are labelled Mantine fields marked
 * required when MANDATORY. HIDDEN elements never reach here. Text is never parsed as HTML: an
 * author's rich text shows as written, paragraphs kept.
 */
export const FormElementField = ({
  element,
  value,
  onChange,
  error,
  profiles = [],
  readOnly,
}: FormElementFieldProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const text = label(element.label, lang);
  const description = element.help ? label(element.help, lang) : undefined;
  const required = element.requirement === 'MANDATORY';
  const options = (element.options ?? []).map((o) => ({ value: o.value, label: label(o.label, lang) }));
  const common = { label: text, description, error, required, disabled: readOnly };
  const str = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? (value as string[]) : [];

  switch (element.element) {
    case 'HEADING':
      return (
        <Title order={3} size="h5">
          {text}
        </Title>
      );
    case 'PARAGRAPH':
    case 'RICH_TEXT':
      return <Text style={{ whiteSpace: 'pre-line' }}>{text}</Text>;
    case 'LABEL':
      return (
        <Text fw={600} size="sm">
          {text}
        </Text>
      );
    case 'SUBMIT_BUTTON':
      // The runner's own "Save and continue" submits every form.
      return null;
    case 'CHECKBOX':
      return (
        <Checkbox
          label={text}
          description={description}
          error={error}
          checked={value === true}
          disabled={readOnly}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-required={required || undefined}
        />
      );
    case 'CHECKBOX_GROUP':
      return (
        <Checkbox.Group {...common} value={list} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} disabled={readOnly} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'RADIO':
      return (
        <Radio.Group {...common} value={str} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled={readOnly} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'SELECT':
      return (
        <NativeSelect
          {...common}
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[{ value: '', label: t('subscriptions.runner.choose') }, ...options]}
        />
      );
    case 'AUTOCOMPLETE':
    case 'AREA_CODE':
      // A long list (countries, dialling codes): typed to filter, the value is still one of the options.
      return (
        <Select
          {...common}
          searchable
          clearable={!required}
          value={str || null}
          onChange={(v) => onChange(v ?? '')}
          data={options}
          nothingFoundMessage={t('subscriptions.runner.nothingFound')}
        />
      );
    case 'PROFILE':
      return (
        <NativeSelect
          {...common}
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[
            { value: '', label: t('subscriptions.runner.choose') },
            ...profiles.map((p) => ({ value: p.profileId, label: p.name })),
          ]}
        />
      );
    case 'PHONE':
      return (
        <TextInput
          {...common}
          type="tel"
          autoComplete="tel"
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'AMOUNT':
    case 'REDEMPTION_INFORMATION':
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          autoComplete="off"
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'TABLE':
      return (
        <TableField
          element={element}
          rows={Array.isArray(value) ? (value as Record<string, string>[]) : []}
          onChange={onChange}
          error={error}
          readOnly={readOnly}
        />
      );
    case 'MANDATORY_DOCUMENTS':
      return (
        <Stack gap={6}>
          <DocumentUpload
            label={text}
            description={description}
            disabled={readOnly}
            onClean={(file) => onChange([...list, file.fileName])}
          />
          {list.length > 0 && (
            <Text size="sm" c="teal.9">
              {t('subscriptions.runner.documents.count', { count: list.length })}
            </Text>
          )}
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      );
    default:
      // INPUT: the field type decides the widget.
      if (element.fieldType === 'textarea')
        return (
          <Textarea {...common} autosize minRows={3} value={str} onChange={(e) => onChange(e.currentTarget.value)} />
        );
      if (element.fieldType === 'date')
        return <TextInput {...common} type="date" value={str} onChange={(e) => onChange(e.currentTarget.value)} />;
      if (element.fieldType === 'checkbox')
        return (
          <Checkbox
            label={text}
            description={description}
            error={error}
            checked={value === true}
            disabled={readOnly}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
        );
      if (element.fieldType === 'select' || element.fieldType === 'radio-group')
        return (
          <NativeSelect
            {...common}
            value={str}
            onChange={(e) => onChange(e.currentTarget.value)}
            data={[{ value: '', label: t('subscriptions.runner.choose') }, ...options]}
          />
        );
      if (element.fieldType === 'label')
        return (
          <Text fw={600} size="sm">
            {text}
          </Text>
        );
      return <TextInput {...common} value={str} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
};

/** A TABLE element: rows of the author's columns, added and removed by the investor. */
const TableField = ({
  element,
  rows,
  onChange,
  error,
  readOnly,
}: {
  element: FormElement;
  rows: Record<string, string>[];
  onChange: (rows: Record<string, string>[]) => void;
  error?: string | undefined;
  readOnly?: boolean | undefined;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const columns = element.columns ?? [];
  const name = label(element.label, lang);
  const shown = rows.length ? rows : [{}];
  const set = (index: number, column: string, cell: string) =>
    onChange(shown.map((r, i) => (i === index ? { ...r, [column]: cell } : r)));
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {name}
        {element.requirement === 'MANDATORY' && (
          <Text span c="red.8" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      <ScrollX label={name}>
        <Table withTableBorder miw={columns.length * 160 + 60} aria-label={name}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.id} scope="col">
                  {label(c.label, lang)}
                </Table.Th>
              ))}
              <Table.Th scope="col">
                <VisuallyHidden>{t('subscriptions.runner.table.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <Table.Tr key={i}>
                {columns.map((c) => (
                  <Table.Td key={c.id}>
                    <TextInput
                      aria-label={t('subscriptions.runner.table.cell', { column: label(c.label, lang), row: i + 1 })}
                      type={c.fieldType === 'date' ? 'date' : 'text'}
                      value={row[c.id] ?? ''}
                      disabled={readOnly}
                      onChange={(e) => set(i, c.id, e.currentTarget.value)}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    disabled={readOnly || shown.length === 1}
                    aria-label={t('subscriptions.runner.table.remove', { row: i + 1 })}
                    onClick={() => onChange(shown.filter((_, j) => j !== i))}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollX>
      <Group>
        <Button variant="light" size="xs" disabled={readOnly} onClick={() => onChange([...shown, {}])}>
          {t('subscriptions.runner.table.add')}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
};
