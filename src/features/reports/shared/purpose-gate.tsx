import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  ACCESS_PURPOSE_LABELS,
  ACCESS_PURPOSES,
  privacyEndpoints,
  PURPOSE_NOTE_MAX,
  statePurposeBodySchema,
  type AccessPurpose,
  type StatedPurposes,
  type StatePurposeBody,
} from '@contracts/privacy';
import { LoadError } from '@/components/load-error';
import { errorText } from '@/components/toasts';
import { ConnectionError, mainApi } from '@/lib/api-client';
import { useSession } from '@/lib/session-context';
import { useOnlineStatus } from '@/offline/connectivity';
import { ReasonNoteFields, useReasonNote } from './reason-note';

// A purpose before another person's figures (docs/PRIVACY.md 'A purpose first'): the server
// refuses the reads until one is stated for this sign-in; the page asks first.

/** Cache key of the purposes stated in this sign-in. */
export const purposeKeys = { stated: ['privacy', 'purposes'] as const };

/** The purposes the caller stated in this sign-in, read afresh by every gate that opens (a new sign-in has none). */
function usePurposes() {
  return useQuery({
    queryKey: purposeKeys.stated,
    queryFn: ({ signal }) => mainApi.call(privacyEndpoints.purposes, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** The person whose figures a page is about to show. */
export interface GatedPerson {
  id: number;
  name: string;
}

/**
 * What a page shows of a person's figures: at once for one's own, for anyone else once a purpose
 * is stated for them in this sign-in; until then the form that asks for it. `allowed` tells the
 * page when its queries may run.
 */
export function usePurposeGate(person: GatedPerson | null): { allowed: boolean; gate: ReactNode } {
  const { user: me } = useSession();
  const other = person !== null && person.id !== me.id;
  const purposes = usePurposes();
  if (!other) return { allowed: true, gate: null };
  // Stated in this sign-in: read afresh, or, without a connection, as this device last read it.
  const fresh = purposes.isFetchedAfterMount || purposes.error instanceof ConnectionError;
  if (fresh && purposes.data?.data.some((p) => p.personUserId === person.id)) return { allowed: true, gate: null };
  if (purposes.error && !purposes.isFetching) {
    return { allowed: false, gate: <LoadError error={purposes.error} unavailable={`${person.name}'s figures open once you say why, which needs a connection.`} /> };
  }
  if (!purposes.isFetchedAfterMount) {
    return {
      allowed: false,
      gate: (
        <Group gap="sm" role="status" aria-label="Loading…">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed" size="sm">
            Loading…
          </Text>
        </Group>
      ),
    };
  }
  return { allowed: false, gate: <PurposeForm key={person.id} person={person} /> };
}

/** A page's part that shows a person's figures, behind the purpose form when they are someone else's. */
export function PurposeGate({ person, children }: { person: GatedPerson | null; children: ReactNode }) {
  const { allowed, gate } = usePurposeGate(person);
  return allowed ? children : gate;
}

function PurposeForm({ person }: { person: GatedPerson }) {
  const online = useOnlineStatus();
  const client = useQueryClient();
  const form = useReasonNote(statePurposeBodySchema, (purpose: AccessPurpose) => ({ personUserId: person.id, purpose }));
  const state = useMutation({
    mutationFn: (body: StatePurposeBody) => mainApi.call(privacyEndpoints.statePurpose, { body }),
    onSuccess: (stated) =>
      client.setQueryData<StatedPurposes>(purposeKeys.stated, (old) => ({ data: [stated, ...(old?.data ?? []).filter((p) => p.personUserId !== stated.personUserId)] })),
  });
  const ready = form.valid && online && !state.isPending;
  const submit = () => {
    form.touch();
    if (ready && form.body) state.mutate(form.body);
  };
  return (
    <Card withBorder padding="lg" maw={640} data-testid="purpose-gate">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <div>
            <Title order={2} size="h3">
              Why are you opening {person.name}'s data?
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              Your purpose is kept with every look at their figures until you sign out, and they can see who looked and why under Who viewed my data in My Account.
            </Text>
          </div>
          {!online && (
            <Alert color="yellow" variant="light" title="Saying why needs a connection">
              Their figures are not kept on this device for you. Open them when the connection is back.
            </Alert>
          )}
          <ReasonNoteFields
            form={form}
            label="Purpose"
            reasons={ACCESS_PURPOSES}
            labels={ACCESS_PURPOSE_LABELS}
            requiredHint="Required: say what the purpose is."
            noteMax={PURPOSE_NOTE_MAX}
            noteRows={2}
          />
          {state.error && (
            <Alert color="red" variant="light" data-testid="purpose-error">
              {errorText(state.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" mih={44} onClick={() => window.history.back()}>
              Back
            </Button>
            <Button type="submit" size="md" mih={44} disabled={!ready} loading={state.isPending}>
              Open their figures
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
