import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CrashScreen } from './crash-screen';

/** The router's error component: the crash screen, with Back re-running the current path. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => {
    console.error('Route failed', error);
  }, [error]);
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
