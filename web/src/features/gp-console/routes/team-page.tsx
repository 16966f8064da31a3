import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { InviteUserSchema } from '@tranche/shared/auth/auth.schema';
import { canLockRole } from '@tranche/shared/auth/permissions';
import { GP_ROLES } from '@tranche/shared/auth/roles';
import type { TeamMember } from '@tranche/shared/user/user.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import classes from '@/components/cell-badge.module.css';
import { cursorPaging, DataTable, type DataTableColumn } from '@/components/data-table';
import { useTeam, useTeamActions } from '@/features/gp-console/api/team';
import { AccessNotice, isAccessError } from '@/features/gp-console/components/access-notice';
import { AccountStatusBadge } from '@/features/gp-console/components/status-badge';
import { notify } from '@/features/gp-console/lib/notify';
import { assignableRoles, rowActionsFor, type TeamRole } from '@/features/gp-console/lib/team-rules';
import { useCurrentUser } from '@/features/session';
import { FormAlert, useFieldErrors } from '@/features/session/screens';
import { errorText, useLang } from '@/i18n/use-lang';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';

/**
 * The GP team: members with role, status and MFA; invite, change role, lock or unlock, resend an
 * invitation. The buttons follow shared/src/auth/permissions.ts, the same table the API enforces,
 * so nobody is offered what would be refused.
 */
export const TeamPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('gpConsole.team.title'));
  const { data: me } = useCurrentUser();
  const { members, error, isLoading, hasMore, isLoadingMore, size, setSize, mutate } = useTeam();
  const actions = useTeamActions(() => mutate());
  const [inviting, setInviting] = useState(false);
  const [roleOf, setRoleOf] = useState<TeamMember | null>(null);
  const [locking, setLocking] = useState<TeamMember | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  if (isAccessError(error)) return <AccessNotice error={error} />;
  const actor = me?.role;

  /** Runs a row action, says how it went, and keeps the row's button busy meanwhile. */
  const run = async (key: string, action: () => Promise<unknown>, success: string) => {
    setBusy(key);
    try {
      await action();
      notify(t, { message: success, color: 'green' });
    } catch (e) {
      notify(t, { title: t('gpConsole.team.actionFailed'), message: errorText(e, lang, t), color: 'red' });
    } finally {
      setBusy(null);
    }
  };

  const columns: DataTableColumn<TeamMember>[] = [
    {
      key: 'name',
      header: t('gpConsole.team.name'),
      rowHeader: true,
      sortValue: (m) => m.displayName,
      render: (m) => (
        <Group gap={6} wrap="nowrap">
          <span>{m.displayName}</span>
          {m.userId === me?.userId && (
            <Badge size="sm" variant="outline" color="gray.8" radius="sm" className={classes.badge}>
              {t('gpConsole.team.you')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'email', header: t('gpConsole.team.email'), sortValue: (m) => m.email, render: (m) => m.email },
    {
      key: 'role',
      header: t('gpConsole.team.roleColumn'),
      sortValue: (m) => GP_ROLES.indexOf(m.role),
      render: (m) => t(`gpConsole.role.${m.role}`),
    },
    {
      key: 'status',
      header: t('gpConsole.team.statusColumn'),
      sortValue: (m) => t(`gpConsole.status.${m.inviteStatus}`),
      render: (m) => <AccountStatusBadge status={m.inviteStatus} />,
    },
    {
      key: 'mfa',
      header: t('gpConsole.team.mfa'),
      render: (m) => (m.mfaMethods.length > 0 ? t('gpConsole.team.mfaOn') : t('gpConsole.team.mfaOff')),
    },
    {
      key: 'joined',
      header: t('gpConsole.team.joined'),
      noWrap: true,
      sortValue: (m) => m.createdAt,
      render: (m) => formatDateTime(m.createdAt, lang),
    },
    {
      key: 'lastSignIn',
      header: t('gpConsole.team.lastSignIn'),
      noWrap: true,
      sortValue: (m) => m.lastSignInAt ?? '',
      render: (m) => (m.lastSignInAt ? formatDateTime(m.lastSignInAt, lang) : t('gpConsole.team.neverSignedIn')),
    },
  ];

  const rowActions = (m: TeamMember) => {
    if (!actor || !me) return null;
    const { changeRole: canRole, lock: canLock, resend: canResend } = rowActionsFor(actor, me.userId, m);
    const name = m.displayName;
    return (
      <>
        {canResend && (
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={t('gpConsole.team.resendOf', { name })}
            loading={busy === `resend:${m.userId}`}
            onClick={() =>
              void run(
                `resend:${m.userId}`,
                () => actions.resend(m.userId),
                t('gpConsole.team.resent', { email: m.email }),
              )
            }
          >
            {t('gpConsole.team.resend')}
          </Button>
        )}
        {canRole && (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={t('gpConsole.team.changeRoleOf', { name })}
            onClick={() => setRoleOf(m)}
          >
            {t('gpConsole.team.changeRole')}
          </Button>
        )}
        {canLock &&
          (m.inviteStatus === 'LOCKED' ? (
            <Button
              size="compact-sm"
              variant="light"
              aria-label={t('gpConsole.team.unlockOf', { name })}
              loading={busy === `unlock:${m.userId}`}
              onClick={() =>
                void run(`unlock:${m.userId}`, () => actions.unlock(m.userId), t('gpConsole.team.unlocked', { name }))
              }
            >
              {t('gpConsole.team.unlock')}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="outline"
              color="red.9"
              aria-label={t('gpConsole.team.lockOf', { name })}
              onClick={() => setLocking(m)}
            >
              {t('gpConsole.team.lock')}
            </Button>
          ))}
      </>
    );
  };

  const mayInvite = actor ? assignableRoles(actor).length > 0 : false;
  const mayManage = actor ? GP_ROLES.some((r) => canLockRole(actor, r)) : false;
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('gpConsole.team.title')}</Title>
          <Text c="dimmed">{t('gpConsole.team.intro')}</Text>
        </div>
        {mayInvite && <Button onClick={() => setInviting(true)}>{t('gpConsole.team.invite')}</Button>}
      </Group>
      {actor && !mayManage && (
        <Text size="sm" c="dimmed">
          {t('gpConsole.team.readOnly')}
        </Text>
      )}
      <DataTable
        label={t('gpConsole.team.tableLabel')}
        columns={columns}
        rows={members}
        rowKey={(m) => m.userId}
        minWidth={880}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        rowActions={mayManage || mayInvite ? rowActions : undefined}
        paging={cursorPaging({ hasMore, isLoadingMore, size, setSize }, t('gpConsole.team.loadMore'))}
      />
      {actor && (
        <InviteModal
          opened={inviting}
          roles={assignableRoles(actor)}
          onClose={() => setInviting(false)}
          onInvite={actions.invite}
        />
      )}
      {actor && roleOf && (
        <ChangeRoleModal
          member={roleOf}
          roles={assignableRoles(actor, roleOf.role)}
          onClose={() => setRoleOf(null)}
          onChange={actions.changeRole}
        />
      )}
      {locking && (
        <LockModal
          member={locking}
          onClose={() => setLocking(null)}
          onLock={async () => {
            await actions.lock(locking.userId);
            notify(t, { message: t('gpConsole.team.locked', { name: locking.displayName }), color: 'green' });
          }}
        />
      )}
    </Stack>
  );
};

const InviteFormSchema = InviteUserSchema.pick({ email: true, displayName: true }).extend({
  role: z.enum(GP_ROLES),
});
type InviteForm = z.infer<typeof InviteFormSchema>;

const InviteModal = ({
  opened,
  roles,
  onClose,
  onInvite,
}: {
  opened: boolean;
  roles: TeamRole[];
  onClose: () => void;
  onInvite: (body: InviteForm) => Promise<{ email: string }>;
}) => {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<unknown>();
  const form = useForm<InviteForm>({
    resolver: zodResolver(InviteFormSchema),
    defaultValues: { email: '', displayName: '', role: roles[0] ?? 'GP_MEMBER' },
  });
  const errorOf = useFieldErrors(form);
  const role = form.watch('role');
  const close = () => {
    form.reset();
    setFormError(undefined);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const invited = await onInvite(values);
      notify(t, { message: t('gpConsole.team.invited', { email: invited.email }), color: 'green' });
      close();
    } catch (error) {
      if (!applyApiFieldErrors(error, form, { byCode: { emailTaken: 'email', FORBIDDEN: 'role' } })) {
        setFormError(error);
      }
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={t('gpConsole.team.inviteTitle')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('gpConsole.team.inviteIntro')}
          </Text>
          <FormAlert error={formError} />
          <TextInput
            {...form.register('email')}
            type="email"
            autoComplete="off"
            label={t('gpConsole.team.email')}
            error={errorOf('email')}
            required
            data-autofocus
          />
          <TextInput
            {...form.register('displayName')}
            autoComplete="off"
            label={t('gpConsole.team.displayName')}
            error={errorOf('displayName')}
            required
          />
          <NativeSelect
            {...form.register('role')}
            label={t('gpConsole.team.roleLabel')}
            description={t(`gpConsole.team.roleHint.${role}`)}
            error={errorOf('role')}
            data={roles.map((r) => ({ value: r, label: t(`gpConsole.role.${r}`) }))}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('gpConsole.team.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpConsole.team.sendInvite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

const RoleFormSchema = z.object({ role: z.enum(GP_ROLES) });
type RoleForm = z.infer<typeof RoleFormSchema>;

const ChangeRoleModal = ({
  member,
  roles,
  onClose,
  onChange,
}: {
  member: TeamMember;
  roles: TeamRole[];
  onClose: () => void;
  onChange: (memberId: string, role: TeamRole, version: number) => Promise<TeamMember>;
}) => {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<unknown>();
  const form = useForm<RoleForm>({
    resolver: zodResolver(RoleFormSchema),
    defaultValues: { role: roles[0] ?? member.role },
  });
  const errorOf = useFieldErrors(form);
  const role = form.watch('role');
  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const changed = await onChange(member.userId, values.role, member.version);
      notify(t, {
        message: t('gpConsole.team.roleChanged', {
          name: changed.displayName,
          role: t(`gpConsole.role.${changed.role}`),
        }),
        color: 'green',
      });
      onClose();
    } catch (error) {
      // The member changed since the list was read (VERSION_CONFLICT) or a rule refused the role:
      // said next to the role, in the catalogue's words.
      if (
        !applyApiFieldErrors(error, form, {
          byCode: { lastOwner: 'role', cannotChangeOwnRole: 'role', FORBIDDEN: 'role', VERSION_CONFLICT: 'role' },
        })
      ) {
        setFormError(error);
      }
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('gpConsole.team.changeRoleTitle', { name: member.displayName })} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <FormAlert error={formError} />
          <Text size="sm">
            {t('gpConsole.team.roleColumn')}: {t(`gpConsole.role.${member.role}`)}
          </Text>
          <NativeSelect
            {...form.register('role')}
            label={t('gpConsole.team.roleLabel')}
            description={t(`gpConsole.team.roleHint.${role}`)}
            error={errorOf('role')}
            data={roles.map((r) => ({ value: r, label: t(`gpConsole.role.${r}`) }))}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('gpConsole.team.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('gpConsole.team.saveRole')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

const LockModal = ({
  member,
  onClose,
  onLock,
}: {
  member: TeamMember;
  onClose: () => void;
  onLock: () => Promise<void>;
}) => {
  const { t } = useTranslation();
  const lang = useLang();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const lock = async () => {
    setBusy(true);
    setError(null);
    try {
      await onLock();
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('gpConsole.team.lockTitle', { name: member.displayName })} centered>
      <Stack gap="md">
        <Text size="sm">{t('gpConsole.team.lockBody', { name: member.displayName })}</Text>
        {error !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(error, lang, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('gpConsole.team.cancel')}
          </Button>
          <Button color="red.9" loading={busy} onClick={() => void lock()}>
            {t('gpConsole.team.lock')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
