import { AUDIT_MESSAGES, type AuditUnit } from '@contracts/observation-audits';
import { useState } from 'react';
import { showQueued } from '@/components/edit-toasts';
import { errorText, showError, showSuccess } from '@/components/toasts';
import type { ObserverSession } from '../use-observer-session';
import { Loading } from './loading';
import { SessionScreen } from './session-screen';
import { StartSession } from './start-session';

export interface ObserveTabProps {
  observer: ObserverSession;
  units: readonly AuditUnit[] | undefined;
  unitsError: Error | null;
  unit: AuditUnit | null;
  onUnit: (unit: AuditUnit) => void;
}

/** A change the device could not keep (its storage refused it): said, never dropped silently. */
const notKept = (title: string) => (error: unknown) => void showError(errorText(error), title);

/** The Observe tab: the unit and Start session, then the open session until it is ended. */
export function ObserveTab({ observer, units, unitsError, unit, onUnit }: ObserveTabProps) {
  const [starting, setStarting] = useState(false);
  if (observer.loading) return <Loading label="Opening the session kept on this device…" />;

  const { session } = observer;
  if (!session) {
    return (
      <StartSession
        units={units}
        error={unitsError}
        unit={unit}
        onUnit={onUnit}
        busy={starting}
        onStart={(chosen) => {
          setStarting(true);
          observer
            .start(chosen)
            .catch(notKept('The session could not be started'))
            .finally(() => setStarting(false));
        }}
      />
    );
  }

  return (
    <SessionScreen
      session={session}
      records={observer.records}
      onPicks={(picks) => void observer.choose(picks).catch(notKept('The choice could not be kept'))}
      onRecord={(record) => {
        // The tap's own instant, before anything is awaited.
        const at = Date.now();
        observer
          .record(record, at)
          .then((made) => made || showError(AUDIT_MESSAGES.tooLong, 'Not recorded'))
          .catch(notKept('Not recorded'));
      }}
      onUndo={() => void observer.undoLast().catch(notKept('The record could not be undone'))}
      onEnd={() => {
        observer
          .end()
          .then(() => (navigator.onLine ? showSuccess('Session ended') : showQueued('The end of the session', true)))
          .catch(notKept('The session could not be ended'));
      }}
    />
  );
}
