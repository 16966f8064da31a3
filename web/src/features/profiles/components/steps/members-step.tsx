import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MemberView, PatchMemberBody } from '@tranche/shared/profile/profile.schema';
import {
  BENEFICIAL_OWNER_TYPE_LABELS,
  BENEFICIAL_OWNER_TYPES,
  type BeneficialOwnerType,
  ENTITY_PERSON_ROLE_LABELS,
  ENTITY_PERSON_ROLES,
  type EntityPersonRole,
  PROFILE_VALIDATION_MESSAGES,
} from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePersons } from '@/features/profiles/api/get-profiles';
import { useStoreProfile } from '@/features/profiles/api/keys';
import { removeMember, saveMember } from '@/features/profiles/api/mutations';
import { PersonFields } from '@/features/profiles/components/person-fields';
import { PersonPicker } from '@/features/profiles/components/person-picker';
import { type Intent, StepForm, type StepProps, useStepSave } from '@/features/profiles/components/step-form';
import { compact, given, type PersonValues, personInput, personValues } from '@/features/profiles/lib/form-values';
import { otherMembers, ownershipHundredths, ownershipOver, personName } from '@/features/profiles/lib/members';
import { fieldRule } from '@/features/profiles/lib/requirements';
import { ruleMessage, useProfileFieldError } from '@/features/profiles/lib/validation';
import { FormAlert } from '@/features/session/screens';
import { errorText, useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { formatPercent } from '@/lib/format';

type Editing = { memberId?: string } | null;

/**
 * The entity's people: directors, controlling persons, beneficial owners (their controller types)
 * and authorised signatories, each a person of the investor's, chosen from those already typed or
 * typed once here. Each person is saved as it is added; the step's own buttons only move on.
 */
export const MembersStep = ({ table, ...props }: StepProps & { table: RequirementTable }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { profile } = props;
  const store = useStoreProfile();
  const owners = fieldRule(table, 'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY');
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<MemberView | null>(null);
  const [removeError, setRemoveError] = useState<unknown>();
  const [removeBusy, setRemoveBusy] = useState(false);
  const [needOne, setNeedOne] = useState(false);
  const { saving, error, save } = useStepSave(null, props);
  const total = ownershipHundredths(profile.members) / 100;
  const phone = useMediaQuery('(max-width: 599.98px)');

  const submit = (intent: Intent) => {
    if (!props.readOnly && intent === 'next' && owners.required && profile.members.length === 0) {
      setNeedOne(true);
      return;
    }
    void save(intent, async () => undefined);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveError(undefined);
    try {
      await store(await removeMember(profile, removing.memberId));
      setRemoving(null);
    } catch (failure) {
      setRemoveError(failure);
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <StepForm
      title={t('profiles.members.title')}
      intro={t('profiles.members.intro')}
      error={error}
      saving={saving}
      readOnly={props.readOnly}
      onSubmit={submit}
      onBack={props.onBack}
    >
      {needOne && profile.members.length === 0 && (
        <Alert color="red" variant="light" role="alert">
          {PROFILE_VALIDATION_MESSAGES.required[lang]}
        </Alert>
      )}
      {profile.members.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('profiles.members.empty')}
        </Text>
      ) : (
        // The Stack is the list itself (a ul whose children are the li items), so the list's semantics hold.
        <Stack
          component="ul"
          gap="sm"
          aria-label={t('profiles.members.listLabel')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {profile.members.map((member) => {
            const name = personName(member.person) || t('profiles.unnamed');
            return (
              <li key={member.memberId}>
                <Paper withBorder radius="md" p="md">
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <Stack gap={4} miw={0}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {name}
                      </Text>
                      <Group gap={6} wrap="wrap">
                        {(member.roles ?? []).map((role) => (
                          <Badge key={role} variant="outline" color="gray.7" radius="sm">
                            {ENTITY_PERSON_ROLE_LABELS[role][lang]}
                          </Badge>
                        ))}
                        {(member.controllerTypes ?? []).map((type) => (
                          <Badge key={type} variant="outline" color="brand.8" radius="sm">
                            {BENEFICIAL_OWNER_TYPE_LABELS[type][lang]}
                          </Badge>
                        ))}
                      </Group>
                      {(member.ownershipPercent !== undefined || member.position) && (
                        <Text size="sm" c="dimmed">
                          {[
                            member.ownershipPercent !== undefined
                              ? `${t('profiles.members.ownershipShort')}: ${formatPercent(String(member.ownershipPercent), lang)}`
                              : undefined,
                            member.position,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      )}
                    </Stack>
                    {!props.readOnly && (
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing({ memberId: member.memberId })}
                          aria-label={t('profiles.members.editNamed', { name })}
                        >
                          {t('profiles.members.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => {
                            setRemoveError(undefined);
                            setRemoving(member);
                          }}
                          aria-label={t('profiles.members.removeNamed', { name })}
                        >
                          {t('profiles.members.remove')}
                        </Button>
                      </Group>
                    )}
                  </Group>
                </Paper>
              </li>
            );
          })}
        </Stack>
      )}
      {profile.members.length > 0 && (
        <Text size="sm" c={ownershipOver(profile.members) ? 'red.8' : 'dimmed'} role="status">
          {t('profiles.members.ownershipTotal', { total: formatPercent(String(total), lang) })}
        </Text>
      )}
      {!props.readOnly && (
        <Group>
          <Button variant="light" onClick={() => setEditing({})}>
            {t('profiles.members.add')}
          </Button>
        </Group>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.memberId
            ? t('profiles.members.dialogEdit', {
                name: personName(profile.members.find((m) => m.memberId === editing.memberId)?.person ?? {}),
              })
            : t('profiles.members.dialogAdd')
        }
        size="lg"
        fullScreen={phone}
      >
        {editing !== null && (
          <MemberForm table={table} {...props} memberId={editing.memberId} onClose={() => setEditing(null)} />
        )}
      </Modal>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('profiles.members.remove')}>
        <Stack gap="md">
          <Text>{t('profiles.members.removeConfirm', { name: removing ? personName(removing.person) : '' })}</Text>
          {removeError !== undefined && (
            <Alert color="red" variant="light" role="alert">
              {errorText(removeError, lang, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('profiles.members.cancel')}
            </Button>
            <Button color="red" loading={removeBusy} onClick={() => void confirmRemove()}>
              {t('profiles.members.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </StepForm>
  );
};

interface MemberValues {
  personId: string;
  person: PersonValues;
  roles: EntityPersonRole[];
  controllerTypes: BeneficialOwnerType[];
  ownershipPercent: number | '';
  position: string;
  email: string;
}

const MemberForm = ({
  table,
  profile,
  memberId,
  onClose,
}: StepProps & { table: RequirementTable; memberId: string | undefined; onClose: () => void }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const store = useStoreProfile();
  const { data: persons } = usePersons();
  const member = profile.members.find((m) => m.memberId === memberId);
  const others = otherMembers(profile.members, memberId);
  const rules = {
    role: fieldRule(table, 'ROLE_IN_ENTITY'),
    ownership: fieldRule(table, 'PERCENTAGE_OWNERSHIP'),
    controller: fieldRule(table, 'TYPE_OF_CONTROLLING_PERSON'),
    email: fieldRule(table, 'EMAIL_ADDRESS'),
    position: fieldRule(table, 'POSITION_OR_TITLE'),
    identity: fieldRule(table, 'OWNER_DIRECTOR_TRUSTEE_BENEFICIARY'),
  };
  const form = useForm<MemberValues>({
    defaultValues: {
      personId: member?.personId ?? '',
      person: personValues(member?.person),
      roles: member?.roles ?? [],
      controllerTypes: member?.controllerTypes ?? [],
      ownershipPercent: member?.ownershipPercent ?? '',
      position: member?.position ?? '',
      email: member?.email ?? '',
    },
  });
  const errorOf = useProfileFieldError(form.formState.errors);
  const [failure, setFailure] = useState<unknown>();
  const personId = useWatch({ control: form.control, name: 'personId' });
  const chosenIds = others.map((m) => m.personId);
  // Someone already on this profile or chosen from the list is taken as they are; details are typed
  // for a new person, or corrected for the person this member already is.
  const typesPerson = !personId || personId === member?.personId;

  const submit = form.handleSubmit(async (values) => {
    form.clearErrors();
    setFailure(undefined);
    const absent: string[] = [];
    if (values.personId && chosenIds.includes(values.personId)) {
      form.setError('personId', { type: 'personChosen', message: 'personChosen' }, { shouldFocus: true });
      return;
    }
    if (typesPerson && rules.identity.required)
      for (const f of ['firstName', 'lastName', 'dateOfBirth', 'nationality'] as const)
        if (!given(values.person[f])) absent.push(`person.${f}`);
    if (rules.role.required && values.roles.length === 0) absent.push('roles');
    if (rules.ownership.required && values.ownershipPercent === '') absent.push('ownershipPercent');
    if (rules.controller.required && values.controllerTypes.length === 0) absent.push('controllerTypes');
    if (rules.email.required && !given(values.email)) absent.push('email');
    if (rules.position.required && !given(values.position)) absent.push('position');
    absent.forEach((path, i) => {
      const message = path === 'roles' || path === 'controllerTypes' ? 'atLeastOneChecked' : 'required';
      form.setError(path as never, { type: message, message }, { shouldFocus: i === 0 });
    });
    if (absent.length > 0) return;
    if (values.ownershipPercent !== '') {
      const pct = Number(values.ownershipPercent);
      if (pct < 0 || pct > 100) {
        form.setError('ownershipPercent', { type: 'percent', message: 'percent' }, { shouldFocus: true });
        return;
      }
      if (ownershipHundredths([...others, { ownershipPercent: pct }]) > 100_00) {
        form.setError('ownershipPercent', { type: 'ownershipOver', message: 'ownershipOver' }, { shouldFocus: true });
        return;
      }
    }
    const person = personInput(values.person, member?.person);
    const chosen = persons?.items.find((p) => p.personId === values.personId);
    const body: Omit<PatchMemberBody, 'version'> = compact({
      memberId,
      personId: values.personId || undefined,
      person: typesPerson ? person : undefined,
      personVersion: typesPerson && values.personId ? chosen?.version : undefined,
      terms: compact({
        roles: rules.role.visible && values.roles.length > 0 ? values.roles : undefined,
        controllerTypes:
          rules.controller.visible && values.controllerTypes.length > 0 ? values.controllerTypes : undefined,
        ownershipPercent:
          rules.ownership.visible && values.ownershipPercent !== '' ? Number(values.ownershipPercent) : undefined,
        position: rules.position.visible ? given(values.position) : undefined,
        email: rules.email.visible ? given(values.email) : undefined,
      }),
    });
    try {
      await store(await saveMember(profile, body));
      onClose();
    } catch (error) {
      const placed =
        !(isApiError(error) && (error.code === 'ownershipOverTotal' || error.code === 'ownershipOutOfRange')) &&
        applyApiFieldErrors(error, form, {
          ruleMessage,
          byCode: { personChosen: 'personId' },
          fieldPath: (f) => f.replace(/^terms\./, ''),
        });
      if (!placed) setFailure(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        // The dialog is portalled out of the step's form in the page, but React still bubbles its
        // submit to that form, which would save the step and move on.
        e.stopPropagation();
        void submit(e);
      }}
    >
      <Stack gap="md">
        <FormAlert error={failure} />
        <PersonPicker
          value={personId}
          chosenIds={chosenIds}
          error={errorOf('personId')}
          onPick={(person) => {
            form.setValue('personId', person?.personId ?? '', { shouldDirty: true });
            form.setValue('person', personValues(person), { shouldDirty: true });
          }}
        />
        {typesPerson && (
          <PersonFields
            form={form}
            prefix="person."
            errorOf={errorOf}
            required={rules.identity.required}
            email={false}
          />
        )}
        {rules.role.visible && (
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => (
              <Checkbox.Group
                label={t('profiles.members.roles')}
                value={field.value}
                onChange={(v) => field.onChange(v as EntityPersonRole[])}
                error={errorOf('roles')}
                withAsterisk={rules.role.required}
              >
                <Group gap="md" mt={6}>
                  {ENTITY_PERSON_ROLES.map((role) => (
                    <Checkbox key={role} value={role} label={ENTITY_PERSON_ROLE_LABELS[role][lang]} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
        )}
        {rules.controller.visible && (
          <Controller
            control={form.control}
            name="controllerTypes"
            render={({ field }) => (
              <MultiSelect
                label={t('profiles.members.controllerType')}
                description={t('profiles.members.controllerHint')}
                data={BENEFICIAL_OWNER_TYPES.map((type) => ({
                  value: type,
                  label: BENEFICIAL_OWNER_TYPE_LABELS[type][lang],
                }))}
                value={field.value}
                onChange={(v) => field.onChange(v as BeneficialOwnerType[])}
                error={errorOf('controllerTypes')}
                required={rules.controller.required}
                searchable
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {rules.ownership.visible && (
            <Controller
              control={form.control}
              name="ownershipPercent"
              render={({ field }) => (
                <NumberInput
                  label={t('profiles.members.ownership')}
                  value={field.value}
                  onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                  min={0}
                  max={100}
                  decimalScale={2}
                  clampBehavior="none"
                  suffix="%"
                  error={errorOf('ownershipPercent')}
                  required={rules.ownership.required}
                />
              )}
            />
          )}
          {rules.position.visible && (
            <TextInput
              {...form.register('position')}
              label={t('profiles.members.position')}
              autoComplete="organization-title"
              error={errorOf('position')}
              required={rules.position.required}
            />
          )}
          {rules.email.visible && (
            <TextInput
              {...form.register('email')}
              type="email"
              autoComplete="email"
              label={t('profiles.fields.email')}
              error={errorOf('email')}
              required={rules.email.required}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('profiles.members.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('profiles.members.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
