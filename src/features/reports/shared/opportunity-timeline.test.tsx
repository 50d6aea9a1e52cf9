import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test/render';
import { OpportunityTimeline } from './opportunity-timeline';

const verdict = {
  counted: true,
  compliant: true,
  windowFrom: '2026-02-10T18:04:00.000Z',
  windowTo: '2026-02-10T18:05:30.000Z',
  washAt: '2026-02-10T18:04:31.000Z',
  visitSeconds: 240,
  requiredSeconds: 30,
};
const hygiene = (timestamp: string) => ({ timestamp, location: 'ICU – 3 North', device: 'Sanitizer 301' });

describe('OpportunityTimeline', () => {
  it('marks the hand hygiene near the door, the one the verdict names filled, each with its time and place', () => {
    render(
      <OpportunityTimeline
        kind="Room Entry"
        at="2026-02-10T18:05:00.000Z"
        verdict={verdict}
        // Inside the window, just before it, and an hour away (left out).
        hygiene={[hygiene('2026-02-10T18:04:31.000Z'), hygiene('2026-02-10T18:03:45.000Z'), hygiene('2026-02-10T19:05:00.000Z')]}
        timeZone="US/Pacific"
      />,
    );
    const timeline = screen.getByTestId('opportunity-timeline');
    expect(timeline).toHaveAttribute('data-marks', '2');
    const marks = timeline.querySelectorAll('circle');
    expect([...marks].map((c) => c.getAttribute('data-deciding'))).toEqual(['true', 'false']);
    expect(marks[0]?.querySelector('title')?.textContent).toBe('Hand hygiene 10:04:31 AM PST · Sanitizer 301 · ICU – 3 North');
    // The window's bounds on the location's clock.
    expect(timeline).toHaveTextContent('10:04:00 AM PST');
    expect(timeline).toHaveTextContent('10:05:30 AM PST');
  });

  it('fills no mark for a missed one', () => {
    render(<OpportunityTimeline kind="Room Exit" at="2026-02-10T18:05:00.000Z" verdict={{ ...verdict, compliant: false, washAt: null }} hygiene={[hygiene('2026-02-10T18:03:45.000Z')]} timeZone="US/Pacific" />);
    const marks = screen.getByTestId('opportunity-timeline').querySelectorAll('circle');
    expect([...marks].map((c) => c.getAttribute('data-deciding'))).toEqual(['false']);
  });
});
