/**
 * What an Enrolment Admin may change of a current member, from the member's detail: an e-mail,
 * mobile or unit is asked for as a change request another admin approves (SPEC §3 change
 * requests; a field with a change awaiting approval says so and waits); a role or the active
 * state changes at once (ours). The server refuses the admin's own role and state, and says why;
 * a refusal keeps the dialog and what was typed.
 */
import { CONTRACT } from '@tawqi/api';
import {
  COUNTED_ROLES,
  MEMBER_CHANGE_FIELDS,
  type CountedRole,
  type MemberChangeField,
} from '@tawqi/domain';
import { Button, Select, TextField } from '@tawqi/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { errorText } from '../../components/forms.css.js';
import { invalidate } from '../../queries.js';
import { reportFailure, toasts } from '../../toasts.js';
import { actions, muted } from '../my/my.css.js';
import { useUnitOptions } from './units.js';

type Action = MemberChangeField | 'role' | 'active';

export interface MemberFacts {
  organization: number;
  userSlno: number;
  name: string;
  isActive: boolean;
  roles: readonly string[];
  openChanges: readonly MemberChangeField[];
}

/** After a change: the member, the users list and the approvals. */
const refresh = () =>
  Promise.all([
    invalidate(CONTRACT.manageUsersGrid.area),
    invalidate(CONTRACT.changeRequests.area),
  ]);

function ActionDialog({
  member,
  action,
  onClose,
}: {
  member: MemberFacts;
  action: Action;
  onClose: () => void;
}) {
  const { t } = useTranslation('org');
  const [value, setValue] = useState(
    action === 'role'
      ? (COUNTED_ROLES.find((role) => member.roles.includes(role)) ?? 'organizationUser')
      : '',
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const units = useUnitOptions(member.organization, action === 'unit');
  const ids = { orgSlNo: member.organization, userSlNo: member.userSlno };

  const send = async () => {
    if (action !== 'active' && value.trim() === '') {
      setMissing(true);
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const answer =
        action === 'active'
          ? await api.call(CONTRACT.setMemberActive, {
              body: { ...ids, active: !member.isActive },
            })
          : action === 'role'
            ? await api.call(CONTRACT.changeMemberRole, {
                body: { ...ids, role: value as CountedRole },
              })
            : await api.call(CONTRACT.requestMemberChange, {
                body: { ...ids, field: action, value: value.trim() },
              });
      if (answer.status !== '1') {
        setRefusal(answer.errorMessage);
        return;
      }
      toasts.show({
        variant: 'success',
        title: t(
          action === 'active' || action === 'role'
            ? 'users.actions.done'
            : 'users.actions.sentForApproval',
          { name: member.name },
        ),
      });
      await refresh();
      onClose();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  let field: ReactNode = null;
  if (action === 'email' || action === 'mobile')
    field = (
      <TextField
        label={t(`users.actions.new.${action}`)}
        type={action === 'email' ? 'email' : 'tel'}
        value={value}
        onChange={setValue}
        isRequired
        isInvalid={missing}
        {...(missing ? { errorMessage: t(`users.actions.missing.${action}`) } : {})}
      />
    );
  else if (action === 'unit')
    field = (
      <Select
        label={t('users.actions.new.unit')}
        placeholder={t('newUsers.form.chooseUnit')}
        options={units}
        value={value || null}
        onChange={(key) => setValue(String(key))}
        isRequired
        isInvalid={missing}
        {...(missing ? { errorMessage: t('newUsers.form.chooseUnit') } : {})}
      />
    );
  else if (action === 'role')
    field = (
      <Select
        label={t('newUsers.role')}
        options={COUNTED_ROLES.map((role) => ({ id: role, label: t(`roles.${role}`) }))}
        value={value}
        onChange={(key) => setValue(String(key))}
        isRequired
      />
    );

  const title =
    action === 'active'
      ? t(member.isActive ? 'users.actions.deactivateTitle' : 'users.actions.reactivateTitle', {
          name: member.name,
        })
      : t(`users.actions.title.${action}`, { name: member.name });
  return (
    <ConfirmDialog
      title={title}
      keepLabel={t('users.actions.keep')}
      confirmLabel={
        action === 'active'
          ? t(member.isActive ? 'users.actions.deactivate' : 'users.actions.reactivate')
          : action === 'role'
            ? t('users.actions.apply')
            : t('users.actions.ask')
      }
      variant={action === 'active' && member.isActive ? 'danger' : 'primary'}
      busy={busy}
      onConfirm={() => void send()}
      onClose={onClose}
    >
      <p className={muted}>
        {t(
          action === 'active' || action === 'role'
            ? `users.actions.atOnce.${action}`
            : 'users.actions.needsApproval',
        )}
      </p>
      {field}
      {refusal ? (
        <p role="alert" className={errorText}>
          {refusal}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

export function MemberActions({ member }: { member: MemberFacts }) {
  const { t } = useTranslation('org');
  const [open, setOpen] = useState<Action | null>(null);
  const button = (action: Action, label: string) => (
    <Button
      key={action}
      variant="secondary"
      isDisabled={(member.openChanges as readonly string[]).includes(action)}
      onPress={() => setOpen(action)}
      aria-label={`${label}: ${member.name}`}
    >
      {label}
    </Button>
  );
  return (
    <>
      <div className={actions}>
        {MEMBER_CHANGE_FIELDS.map((field) => button(field, t(`users.actions.change.${field}`)))}
        {button('role', t('users.actions.change.role'))}
        {button(
          'active',
          t(member.isActive ? 'users.actions.deactivate' : 'users.actions.reactivate'),
        )}
      </div>
      {member.openChanges.map((field) => (
        <p key={field} className={muted}>
          {t(`users.actions.awaiting.${field}`)}
        </p>
      ))}
      {open ? <ActionDialog member={member} action={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
