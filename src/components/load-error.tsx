import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConnectionError } from '@/lib/api-client';
import { useOnlineStatus } from '@/offline/connectivity';

export interface LoadErrorProps {
  error: Error | string;
  /** Title of a server's refusal or failure (default 'The data could not be loaded'). */
  title?: string;
  /**
   * When no answer came (offline, or the server is down): what is missing and what still works,
   * in words. 'It loads when the connection is back.' follows it.
   */
  unavailable?: ReactNode;
}

/**
 * Why data is not on screen. A request that never reached the server is said in words, in grey:
 * what is unavailable, what still works, and that it loads when the connection is back. An answer
 * of the server (a refusal, a failure) shows its message in red.
 */
export function LoadError({ error, title = 'The data could not be loaded', unavailable = 'This has not been loaded on this device yet.' }: LoadErrorProps) {
  const online = useOnlineStatus();
  if (error instanceof ConnectionError) {
    return (
      <Alert color="gray" variant="light" role="status" title={online ? 'The server could not be reached' : 'Not available offline'} data-testid="load-offline">
        {unavailable} It loads when the connection is back.
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title={title}>
      {typeof error === 'string' ? error : error.message}
    </Alert>
  );
}
