import { queryOptions } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test/render';
import { reportSection, useReportStages } from './report-section';

/** Answers a test settles by hand, one per key. */
function answers() {
  const pending = new Map<string, (value: number) => void>();
  const asked: string[] = [];
  const call = (key: string) =>
    queryOptions({
      queryKey: ['test', key],
      queryFn: () =>
        new Promise<number>((resolve) => {
          asked.push(key);
          pending.set(key, resolve);
        }),
    });
  const settle = async (key: string, value: number) => {
    await act(async () => pending.get(key)?.(value));
  };
  return { call, settle, asked };
}

describe('a report section', () => {
  it('draws each call’s answer under the call’s name, with its loading state, next to its props', async () => {
    const { call, settle } = answers();
    const Section = reportSection(
      'Figures',
      { total: ({ label }: { label: string }) => call(`total-${label}`), average: ({ label }: { label: string }) => call(`average-${label}`) },
      ({ total, average, label }) => (
        <p data-testid="figures">
          {label}: {total.isPending ? 'loading' : total.data} / {average.isPending ? 'loading' : average.data}
        </p>
      ),
    );
    render(<Section label="ICU" />);
    expect(screen.getByTestId('figures')).toHaveTextContent('ICU: loading / loading');
    await settle('total-ICU', 40);
    expect(await screen.findByText('ICU: 40 / loading')).toBeInTheDocument();
    await settle('average-ICU', 7);
    expect(await screen.findByText('ICU: 40 / 7')).toBeInTheDocument();
    expect(Section.callsFor({ label: 'ER' }).map((c) => c.queryKey)).toEqual([
      ['test', 'total-ER'],
      ['test', 'average-ER'],
    ]);
  });

  it('draws its body again only when its own answer or props change', async () => {
    const { call, settle } = answers();
    const drawn = { a: 0, b: 0 };
    const A = reportSection('A', { value: (_: { n: number }) => call('a') }, ({ value }) => {
      drawn.a += 1;
      return <span data-testid="a">{value.data ?? '…'}</span>;
    });
    const B = reportSection('B', { value: (_: { n: number }) => call('b') }, ({ value, n }) => {
      drawn.b += 1;
      return (
        <span data-testid="b">
          {value.data ?? '…'} {n}
        </span>
      );
    });
    let setOther: (n: number) => void = () => {};
    let setN: (n: number) => void = () => {};
    function Page() {
      const [other, setOtherState] = useState(0);
      const [n, setNState] = useState(1);
      setOther = setOtherState;
      setN = setNState;
      return (
        <div data-other={other}>
          <A n={1} />
          <B n={n} />
        </div>
      );
    }
    render(<Page />);
    await settle('a', 5);
    expect(await screen.findByText('5')).toBeInTheDocument();
    const afterA = { ...drawn };
    // An answer for A leaves B's body alone.
    expect(afterA.b).toBe(1);

    // The page re-rendering with the same props passes both sections by.
    act(() => setOther(1));
    expect(drawn).toEqual(afterA);

    await settle('b', 9);
    await waitFor(() => expect(screen.getByTestId('b')).toHaveTextContent('9 1'));
    expect(drawn.a).toBe(afterA.a);
    act(() => setN(2));
    expect(screen.getByTestId('b')).toHaveTextContent('9 2');
    expect(drawn.a).toBe(afterA.a);
  });
});

describe('report stages', () => {
  it('shows one more stage per task and asks for the later stages’ answers at once', async () => {
    const { call, asked } = answers();
    const Later = reportSection('Later', { value: (_: { stage: number }) => call('later') }, ({ value, stage }) => (
      <li>
        stage {stage} {value.isPending ? 'loading' : value.data}
      </li>
    ));
    function Page() {
      const shown = useReportStages(3, Later.callsFor({ stage: 3 }));
      return (
        <ol>
          <li>stage 1</li>
          {shown >= 2 && <li>stage 2</li>}
          {shown >= 3 && <Later stage={3} />}
        </ol>
      );
    }
    render(<Page />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    // The third stage's answer is already asked for while only the first shows.
    await act(async () => {});
    expect(asked).toEqual(['later']);
    expect(await screen.findByText('stage 2')).toBeInTheDocument();
    expect(await screen.findByText('stage 3 loading')).toBeInTheDocument();
    // Drawing the section did not ask again.
    expect(asked).toEqual(['later']);
  });
});
