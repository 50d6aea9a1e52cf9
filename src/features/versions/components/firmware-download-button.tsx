import { Button } from '@mantine/core';
import { useState } from 'react';
import { showReportError } from '@/components/filters';
import { downloadFile } from '@/lib/download-file';

/** A version's download: the API's link needs the sign-in, so the file is fetched and saved (lib/download-file.ts). */
export function FirmwareDownloadButton({ url, version, fileName }: { url: string; version: string; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(url, fileName);
    } catch (error) {
      showReportError(error instanceof Error ? error.message : String(error), 'Could not download the firmware');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" mih={44} variant="light" onClick={() => void download()} loading={busy} aria-label={`Download firmware ${version}`}>
      Download
    </Button>
  );
}
