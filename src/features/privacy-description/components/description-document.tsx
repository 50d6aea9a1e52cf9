import type { PrivacyDescription } from '@contracts/privacy';
import { Stack, Text, Title } from '@mantine/core';
import { useViewerClock } from '@/lib/use-viewer-clock';
import { AccessSection, DevicesSection, PurposesSection, SettingsSection, StoredSection, WhoSeesSection } from './description-sections';
import classes from './description-document.module.css';

/**
 * The description as a document (docs/PRIVACY.md 'The description for the works council'): its
 * title, when it was generated in the viewer's clock with the zone named, and one section per
 * part, in the order a works agreement reads them. It alone is printed, on A4.
 */
export function DescriptionDocument({ description }: { description: PrivacyDescription }) {
  const clock = useViewerClock();
  return (
    <Stack gap="xl" maw={820} component="article" aria-labelledby="privacy-description-title" className={classes.document}>
      <Stack gap={4}>
        <Title order={2} id="privacy-description-title">
          Privacy description: {description.organization.name}
        </Title>
        <Text size="sm" c="dimmed">
          What Lavo collects, keeps and shows to whom, for the works council and the data protection impact assessment. Generated from the live configuration on{' '}
          {clock.format(description.generatedAt)} ({clock.zoneName}).
        </Text>
      </Stack>
      <SettingsSection description={description} />
      <DevicesSection description={description} />
      <StoredSection description={description} />
      <WhoSeesSection description={description} />
      <PurposesSection description={description} />
      <AccessSection description={description} />
    </Stack>
  );
}
