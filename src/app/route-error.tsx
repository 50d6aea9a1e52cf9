import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { crashReports } from '@/lib/crash-reports';
import { CrashScreen } from './crash-screen';

/** The router's error component: the crash screen, with Back re-running the current path; the failure is reported. */
export function RouteError({ error, info, reset }: ErrorComponentProps) {
  const router = useRouter();
  const componentStack = info?.componentStack ?? null;
  useEffect(() => {
    console.error('Route failed', error);
    crashReports.report('route', error, componentStack);
  }, [error, componentStack]);
  return (
    <CrashScreen
      onBack={() => {
        reset();
        void router.invalidate();
      }}
      onHome={() => {
        reset();
        void router.navigate({ to: '/app' });
      }}
    />
  );
}
