import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test/render';
import { FigureCard } from './figure-card';
import { NO_COMPARISON } from './stat-card';

const card = () => screen.getByRole('region', { name: 'Compliance Total' });

describe('a report figure', () => {
  it('shows the value as a whole percent and its change in points against the previous period', () => {
    render(<FigureCard label="Compliance Total" stat={{ value: 0.826, delta: 0.031 }} kind="ratio" loading={false} comparable />);
    expect(screen.getByTestId('stat-value')).toHaveTextContent('83%');
    expect(screen.getByTestId('stat-delta')).toHaveTextContent('+3 pts vs previous period');
    expect(card()).not.toHaveTextContent(NO_COMPARISON);
  });

  it('leaves the comparison out, and says so, when the range exceeds six months', () => {
    render(<FigureCard label="Compliance Total" stat={{ value: 0.826, delta: 0.031 }} kind="ratio" loading={false} comparable={false} />);
    expect(screen.getByTestId('stat-value')).toHaveTextContent('83%');
    expect(screen.queryByTestId('stat-delta')).toBeNull();
    expect(card()).toHaveTextContent(NO_COMPARISON);
  });

  it('shows a dash with no change when there is no figure', () => {
    render(<FigureCard label="Compliance Total" stat={{ value: null, delta: null }} kind="ratio" loading={false} comparable />);
    expect(screen.getByTestId('stat-value')).toHaveTextContent('—');
    expect(screen.queryByTestId('stat-delta')).toBeNull();
  });

  it('shows seconds of washing in their unit, and a custom value when given', () => {
    const { rerender } = render(<FigureCard label="Compliance Total" stat={{ value: 42, delta: -1.26 }} kind="seconds" loading={false} comparable />);
    expect(screen.getByTestId('stat-value')).toHaveTextContent('42 sec');
    expect(screen.getByTestId('stat-delta')).toHaveTextContent('−1.3 sec vs previous period');
    rerender(<FigureCard label="Compliance Total" stat={{ value: 4.25, delta: 1 }} kind="number" value="4.3" loading={false} comparable />);
    expect(screen.getByTestId('stat-value')).toHaveTextContent('4.3');
  });

  it('holds a placeholder while loading', () => {
    render(<FigureCard label="Compliance Total" stat={undefined} kind="ratio" loading comparable />);
    expect(screen.queryByTestId('stat-value')).toBeNull();
  });
});
