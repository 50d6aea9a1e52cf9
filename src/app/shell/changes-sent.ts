import { notifications } from '@mantine/notifications';

/** How long the note stays: long enough to read on a tablet carried along a ward. */
export const CHANGES_SENT_MS = 6_000;

/** What the note says once edits that waited on the device have reached the server. */
export function changesSentText(count: number): string {
  return count === 1 ? '1 change sent' : `${count.toLocaleString('en-US')} changes sent`;
}

/** Says that edits which waited on the device reached the server (one note, updated by later replays). */
export function showChangesSent(count: number): void {
  const note = { id: 'outbox-changes-sent', color: 'teal', message: changesSentText(count), autoClose: CHANGES_SENT_MS };
  notifications.hide(note.id);
  notifications.show(note);
}
