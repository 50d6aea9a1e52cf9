import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useRefreshSession, useSession } from '@/lib/session-context';
import { emailError, formatPhone, stripPhone } from '@/entities/users/user-rules';
import { useSaveMyDetails, useSetMyPassword } from '../api/my-account-api';
import { FieldPopup, NamePopup, PasswordPopup } from '../components/edit-popups';
import { AccessLogSection } from '../access-log/access-log-section';
import { ProfilePhotoField } from '../photo/components/profile-photo-field';
import { emailVerificationNotice, MY_ACCOUNT_MESSAGES, MY_ACCOUNT_TITLES, passwordFailureText } from '../my-account-rules';
import { showError } from '@/components/toasts';

type Popup = 'name' | 'email' | 'phone' | 'password' | null;

const toastSuccess = (message: string) => notifications.show({ color: 'teal', message });

function Row({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <div>{value}</div>
      </Stack>
      {action}
    </Group>
  );
}

/** My Account (docs/SCREENS.md 'My Account'): the signed-in user's photo, name, email, phone and password, and who viewed their data. */
export default function MyAccountPage({ entry }: { entry: { title: string } }) {
  const { user } = useSession();
  // The shell (profile menu, avatar) shows the new name or photo once the session is read again.
  const refreshShell = useRefreshSession();
  // What this page has saved since the session was loaded.
  const [saved, setSaved] = useState<{ firstName?: string; lastName?: string; phone?: string | null; picture?: string | null }>({});
  const [popup, setPopup] = useState<Popup>(null);
  const details = useSaveMyDetails(user.id);
  const password = useSetMyPassword(user.userName);
  const current = { ...user, ...saved };
  const close = () => setPopup(null);

  const saveDetails = async (body: Parameters<typeof details.mutateAsync>[0]) => {
    try {
      const answer = await details.mutateAsync(body);
      setSaved({ firstName: answer.firstName, lastName: answer.lastName, phone: answer.phone });
      void refreshShell();
      close();
      if (answer.emailPendingVerification) toastSuccess(emailVerificationNotice(answer.emailPendingVerification));
      else toastSuccess(MY_ACCOUNT_MESSAGES.updated);
    } catch {
      showError(MY_ACCOUNT_MESSAGES.accountFailed);
    }
  };

  const edit = (which: Exclude<Popup, null>, label = 'Edit') => (
    <Button variant="default" mih={44} onClick={() => setPopup(which)} aria-label={`${label} ${which}`}>
      {label}
    </Button>
  );

  return (
    <Stack gap={0}>
      <PageHeader title={entry.title} />
      <Paper withBorder p="md" maw={640}>
        <Row label="Photo" value={<ProfilePhotoField user={current} onUploaded={(picture) => {
              setSaved((s) => ({ ...s, picture }));
              void refreshShell();
            }} />} />
        <Row label="Name" value={<Text>{`${current.firstName} ${current.lastName}`.trim()}</Text>} action={edit('name')} />
        <Row label="Email" value={<Text>{current.email ?? '—'}</Text>} action={edit('email')} />
        <Row label="Phone" value={<Text>{current.phone ? formatPhone(current.phone) : '—'}</Text>} action={edit('phone')} />
        <Row label="Password" value={<Text>••••••••</Text>} action={edit('password', 'Set Password')} />
      </Paper>
      <AccessLogSection />
      <NamePopup
        opened={popup === 'name'}
        onClose={close}
        firstName={current.firstName}
        lastName={current.lastName}
        busy={details.isPending}
        onSave={(names) => void saveDetails(names)}
      />
      <FieldPopup
        title={MY_ACCOUNT_TITLES.email}
        label="Email"
        type="email"
        opened={popup === 'email'}
        onClose={close}
        initial={current.email ?? ''}
        error={(value) => (value.trim() === '' ? null : emailError(value))}
        busy={details.isPending}
        onSave={(email) => void saveDetails({ email: email.trim().toLowerCase() || null })}
      />
      <FieldPopup
        title={MY_ACCOUNT_TITLES.phone}
        label="Phone"
        type="tel"
        opened={popup === 'phone'}
        onClose={close}
        initial={formatPhone(current.phone ?? '')}
        format={formatPhone}
        error={() => null}
        busy={details.isPending}
        onSave={(phone) => void saveDetails({ phone: stripPhone(phone) || null })}
      />
      <PasswordPopup
        opened={popup === 'password'}
        onClose={close}
        busy={password.isPending}
        username={user.userName}
        onSave={(next) =>
          void password.mutateAsync(next).then(
            () => {
              close();
              toastSuccess(MY_ACCOUNT_MESSAGES.updated);
            },
            (error: unknown) => showError(passwordFailureText(error)),
          )
        }
      />
    </Stack>
  );
}
