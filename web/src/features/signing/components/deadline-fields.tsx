import { Group, NumberInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type Deadline = 'expiresInDays' | 'reminderEveryDays';

/** Each setting's label and the bounds the signing schema allows (whole days). */
const DEADLINES = [
  { name: 'expiresInDays', label: 'signing.create.expiresInDays', max: 90 },
  { name: 'reminderEveryDays', label: 'signing.create.reminderEveryDays', max: 30 },
] as const satisfies readonly { name: Deadline; label: string; max: number }[];

/**
 * A signing project's two timing settings side by side: how many days signers have once it is sent
 * and how often they are reminded. Shared by the create form and a draft's settings so both offer
 * the same bounds and words.
 */
export const DeadlineFields = <T extends FieldValues & Record<Deadline, number | string>, U extends FieldValues>({
  control,
  errorOf,
}: {
  control: Control<T, unknown, U>;
  errorOf: (name: Deadline) => ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start">
      {DEADLINES.map(({ name, label, max }) => (
        <Controller
          key={name}
          control={control}
          // Both forms hold these two fields (the type bound above); TS cannot see a literal as Path<T>.
          name={name as Path<T>}
          render={({ field }) => (
            <NumberInput {...field} label={t(label)} min={1} max={max} allowDecimal={false} error={errorOf(name)} />
          )}
        />
      ))}
    </Group>
  );
};
