import { USER_IMPORT_COLUMNS, type UserBulkResult } from '@contracts/user-import';
import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { ImportUsersButton } from './import-users-button';

const call = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({ mainApi: { call } }));

const HEADER = USER_IMPORT_COLUMNS.join(',');
const line = (i: number) => `3,user${i},E${i},First${i},Last${i},user${i}@example.org,,Individual User,false,Nurse,f`;
const csv = (lines: string[]) => new File([[HEADER, ...lines].join('\r\n')], 'users.csv', { type: 'text/csv' });
const created = (n: number): UserBulkResult[] => Array.from({ length: n }, (_, i) => ({ status: 'created', errors: [], newUser: { id: 100 + i } }));

async function openDialog() {
  // A person can pick any file: the picker's filter is a hint the dialog does not rely on.
  const user = userEvent.setup({ applyAccept: false });
  render(
    <>
      <Notifications />
      <ImportUsersButton organizationIds={[3]} />
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Users' });
  const choose = (file: File) => user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
  return { user, dialog: within(dialog), choose };
}

beforeEach(() => call.mockReset());

describe('Import Users', () => {
  it('is disabled while no organization is selected', () => {
    render(<ImportUsersButton organizationIds={[]} />);
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('shows each bad row’s message beside it and sends nothing until the file is fixed', async () => {
    const { user, dialog, choose } = await openDialog();
    const lines = Array.from({ length: 200 }, (_, i) => line(i));
    lines[10] = '3,user10,E10,First10,,user10@example.org,,Individual User,false,Nurse,f';
    lines[50] = '0,user50,E50,First50,Last50,user50@example.org,,Individual User,false,Nurse,f';
    lines[120] = '3,user120,E120,First120,Last120,nope,,Individual User,false,Nurse,f';
    await choose(csv(lines));

    expect(await dialog.findByText('3 of 200 rows need fixing before the import.')).toBeInTheDocument();
    expect(dialog.getByTestId('import-line-12')).toHaveTextContent('lastName is required');
    expect(dialog.getByTestId('import-line-52')).toHaveTextContent('Invalid organizationId');
    expect(dialog.getByTestId('import-line-122')).toHaveTextContent('Invalid email address');
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(call).not.toHaveBeenCalled();

    call.mockResolvedValue(created(200));
    await choose(csv(Array.from({ length: 200 }, (_, i) => line(i))));
    expect(await dialog.findByText('200 rows ready to import.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('200/200 users imported')).toBeInTheDocument();
    const body = call.mock.calls[0]?.[1] as { body: { data: unknown[] } };
    expect(body.body.data).toHaveLength(200);
    expect(body.body.data[0]).toMatchObject({ organizationId: 3, userName: 'user0', complianceReport: 'f', grantAccess: false });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import Users' })).not.toBeInTheDocument());
    // Two files of 200 rows each are read and drawn: slow on a busy machine.
  }, 30_000);

  it('shows a progress bar while importing', async () => {
    const { user, dialog, choose } = await openDialog();
    let answer: (results: UserBulkResult[]) => void = () => {};
    call.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await choose(csv([line(1), line(2)]));
    await user.click(await dialog.findByRole('button', { name: 'Import' }));
    expect(await dialog.findByRole('progressbar', { name: 'Importing users' })).toBeInTheDocument();
    answer(created(2));
    expect(await screen.findByText('2/2 users imported')).toBeInTheDocument();
  });

  it('shows the rows the server refused beside them, and that none was imported', async () => {
    const { user, dialog, choose } = await openDialog();
    call.mockResolvedValue([
      { status: 'skipped', errors: ['Not imported: another row has an error'], newUser: null },
      { status: 'failed', errors: ['Username already exists. Select a new username'], newUser: null },
    ] satisfies UserBulkResult[]);
    await choose(csv([line(1), line(2)]));
    await user.click(await dialog.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('0/2 users imported')).toBeInTheDocument();
    expect(dialog.getByTestId('import-line-3')).toHaveTextContent('Username already exists. Select a new username');
    expect(dialog.getByText('1 of 2 rows need fixing before the import.')).toBeInTheDocument();
  });

  it('takes only .csv files, and says what the header must be', async () => {
    const { dialog, choose } = await openDialog();
    await choose(new File(['x'], 'users.xlsx'));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Only .csv files are accepted.');
    await choose(new File(['userName,organizationId\n'], 'users.csv'));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The first row must name the columns organizationId, userName, clientUserId');
  });
});
