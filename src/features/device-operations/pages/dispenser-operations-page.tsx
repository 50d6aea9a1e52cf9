import { OperationsPage } from './operations-page';

/** Dispenser Operations (/app/maintenance/dispenser-operations). */
export default function DispenserOperationsPage({ entry }: { entry: { title: string } }) {
  return <OperationsPage kind="DISPENSER" title={entry.title} />;
}
