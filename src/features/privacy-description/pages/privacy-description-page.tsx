import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { SearchableSelect, type SelectOption } from '@/components/filters';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { usePrivacyDescription } from '../api/get-privacy-description';
import { DescriptionDocument } from '../components/description-document';

const route = getRouteApi('/app/accounts/privacy-description');

/**
 * Privacy description (docs/SCREENS.md 'Privacy Description', docs/PRIVACY.md 'The description
 * for the works council'): what an organization's devices collect, what is kept and for how long,
 * who may see what and why, from the live configuration, laid out to print on A4.
 */
export default function PrivacyDescriptionPage({ entry }: { entry: { title: string } }) {
  const { bootstrap, user } = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();

  const organizations = useMemo<SelectOption[]>(
    () =>
      bootstrap.organizations
        .filter((o) => o.accessible)
        .map((o) => ({ value: String(o.id), label: o.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [bootstrap.organizations],
  );
  const accessible = (id: number | undefined) => id !== undefined && organizations.some((o) => o.value === String(id));
  // The address's organization, else the caller's own, else the first they may see.
  const organizationId = accessible(search.organizationId)
    ? (search.organizationId as number)
    : accessible(user.organizationId)
      ? user.organizationId
      : organizations[0]
        ? Number(organizations[0].value)
        : null;
  const description = usePrivacyDescription(organizationId);

  return (
    <Stack gap="md">
      <div data-print="hide">
        <PageHeader
          title={entry.title}
          actions={
            <Button mih={44} onClick={() => window.print()} disabled={!description.data}>
              Print
            </Button>
          }
        />
        <Group align="flex-end" gap="md" wrap="wrap">
          <SearchableSelect
            label="Organization"
            data={organizations}
            value={organizationId === null ? null : String(organizationId)}
            onChange={(value) => value && void navigate({ search: { organizationId: Number(value) }, replace: true })}
          />
          <Text size="sm" c="dimmed" maw={520}>
            For the works council and the data protection impact assessment: generated from the organization&apos;s settings as they are now. Print it, or save it as PDF, from the browser.
          </Text>
        </Group>
      </div>
      {organizationId === null ? (
        <Text c="dimmed">No organization to describe: you are given none.</Text>
      ) : description.data ? (
        <DescriptionDocument description={description.data} />
      ) : description.isError ? (
        <LoadError error={description.error} title="The description could not be loaded" unavailable="The privacy description is read afresh each time and not kept on this device." />
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading the privacy description…</Text>
        </Group>
      )}
    </Stack>
  );
}
