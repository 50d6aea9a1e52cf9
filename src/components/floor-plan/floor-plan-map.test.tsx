import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { FloorPlanMap, FloorPlanMarker } from './floor-plan-map';

function loadImage(width: number, height: number) {
  const image = document.querySelector('img') as HTMLImageElement;
  Object.defineProperty(image, 'naturalWidth', { value: width });
  Object.defineProperty(image, 'naturalHeight', { value: height });
  fireEvent.load(image);
}

describe('the floor-plan map', () => {
  it('places its children on the plan once the image has loaded, with the plan size', () => {
    const onLoad = vi.fn();
    render(
      <FloorPlanMap imageUrl="/floorplans/6.png" label="Floor plan of ICU" onLoad={onLoad}>
        {(size) => (
          <FloorPlanMarker x={120} y={80}>
            <span>{`pin on ${size.width}×${size.height}`}</span>
          </FloorPlanMarker>
        )}
      </FloorPlanMap>,
    );
    expect(screen.queryByText(/pin on/)).toBeNull();
    loadImage(1200, 800);
    expect(onLoad).toHaveBeenCalledWith({ width: 1200, height: 800 });
    const pin = screen.getByText('pin on 1200×800');
    expect((pin.parentElement as HTMLElement).style.transform).toBe('translate(120px, 80px)');
    expect(screen.getByRole('group', { name: 'Floor plan of ICU' })).toHaveAttribute('tabindex', '0');
  });

  it('has labelled zoom and fit buttons', () => {
    render(<FloorPlanMap imageUrl="/floorplans/6.png" label="Floor plan" />);
    for (const name of ['Zoom in', 'Zoom out', 'Fit to screen']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('says so and tells the caller when the image cannot be loaded', () => {
    const onLoadError = vi.fn();
    render(<FloorPlanMap imageUrl="/floorplans/missing.png" label="Floor plan" onLoadError={onLoadError} errorText="No plan here" />);
    fireEvent.error(document.querySelector('img') as HTMLImageElement);
    expect(onLoadError).toHaveBeenCalledOnce();
    expect(screen.getByText('No plan here')).toBeInTheDocument();
  });
});
