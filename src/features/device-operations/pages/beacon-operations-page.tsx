import { OperationsPage } from './operations-page';

/** Beacon Operations (/app/maintenance/beacon-operations). */
export default function BeaconOperationsPage({ entry }: { entry: { title: string } }) {
  return <OperationsPage kind="BEACON" title={entry.title} />;
}
