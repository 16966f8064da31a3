import { Switch, type SwitchProps } from '@mantine/core';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/**
 * A form's on/off field. Mantine's Switch keeps its own `checked` state and renders it on every
 * render, so `{...register(name)}` (which sets the DOM input once) showed the saved On as Off
 * after any re-render, e.g. a language switch. Controlled from the form's value instead.
 */
export const SwitchField = <T extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<T>; name: FieldPath<T> } & Omit<SwitchProps, 'checked' | 'onChange' | 'name'>) => {
  const { field } = useController({ control, name });
  return (
    <Switch
      {...props}
      name={field.name}
      ref={field.ref}
      checked={field.value === true}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
    />
  );
};
