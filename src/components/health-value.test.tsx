import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '@/test/render';
import { HealthValue } from './health-value';

describe('HealthValue', () => {
  it('says a warning or an error in words beside the reading, and an okay reading plainly', () => {
    render(
      <>
        <HealthValue health="warning" what="Heartbeat">
          2 days ago
        </HealthValue>
        <HealthValue health="error" what="Battery">
          2200
        </HealthValue>
        <HealthValue health="ok" what="TX power">
          -30
        </HealthValue>
      </>,
    );
    expect(screen.getByTitle('Heartbeat: Warning')).toHaveTextContent('2 days ago (Heartbeat: Warning)');
    expect(screen.getByTitle('Battery: Error')).toHaveAttribute('data-health', 'error');
    expect(screen.getByText('-30')).not.toHaveAttribute('title');
  });
});
