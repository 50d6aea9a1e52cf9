import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { createCanvasStore, EditorCanvas } from './editor-canvas';

function renderCanvas() {
  const store = createCanvasStore({
    entities: [],
    iot: [],
    editing: true,
    tool: 'zone',
    selectedKey: null,
    outline: [],
    onTapPlan: vi.fn(),
    onTapEntity: vi.fn(),
    onTapIot: vi.fn(),
    onMoveDevice: vi.fn(),
    onRectangle: vi.fn(),
  });
  render(<EditorCanvas size={{ width: 400, height: 300 }} store={store} />);
  return screen.getByTestId('editor-canvas');
}

describe('EditorCanvas on a touch screen', () => {
  it('cancels the end of a touch, so no mouse click follows a tap onto the dialog it opened', () => {
    const canvas = renderCanvas();
    // fireEvent answers false when a listener cancelled the event.
    expect(fireEvent.touchEnd(canvas, { cancelable: true })).toBe(false);
  });
});
