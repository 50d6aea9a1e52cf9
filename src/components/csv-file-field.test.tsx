import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { CsvFileField, readCsvFile } from './csv-file-field';

describe('the CSV file field', () => {
  it('reads a .csv file\'s text, and refuses another file with the screen\'s message', async () => {
    expect(await readCsvFile(new File(['a,b\n1,2\n'], 'tags.CSV', { type: 'text/csv' }), 'Only .csv')).toEqual({ text: 'a,b\n1,2\n' });
    expect(await readCsvFile(new File(['x'], 'tags.xlsx'), 'Only .csv')).toEqual({ error: 'Only .csv' });
  });

  it('offers Choose file, names the chosen file, and hands it over', async () => {
    const onPick = vi.fn();
    const { container } = render(<CsvFileField fileName={null} onPick={onPick} />);
    expect(screen.getByTestId('import-file-name')).toHaveTextContent('No file chosen');
    const file = new File(['a'], 'users.csv', { type: 'text/csv' });
    await userEvent.upload(container.ownerDocument.querySelector('input[type=file]')!, file);
    expect(onPick).toHaveBeenCalledWith(file);
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
  });
});
