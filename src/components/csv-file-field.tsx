import { Button, FileButton, Group, Text } from '@mantine/core';

/** A file's text (FileReader: every browser the console supports has it, and so do the tests). */
function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** The text of a chosen .csv file, or `onlyCsv` for a file not named .csv. */
export async function readCsvFile(file: File, onlyCsv: string): Promise<{ text: string } | { error: string }> {
  if (!file.name.toLowerCase().endsWith('.csv')) return { error: onlyCsv };
  return { text: await textOf(file) };
}

/** 'Choose file' for a .csv file, with the chosen file's name beside it ('No file chosen' before). */
export function CsvFileField({ fileName, disabled = false, onPick }: { fileName: string | null; disabled?: boolean; onPick: (file: File | null) => void }) {
  return (
    <Group>
      <FileButton onChange={onPick} accept=".csv,text/csv" disabled={disabled}>
        {(props) => (
          <Button {...props} variant="default" mih={44}>
            Choose file
          </Button>
        )}
      </FileButton>
      <Text size="sm" c="dimmed" data-testid="import-file-name">
        {fileName ?? 'No file chosen'}
      </Text>
    </Group>
  );
}
