import { memo, useCallback } from 'react';
import { FloorPlanMap, type PlanSize } from '@/components/floor-plan/floor-plan-map';
import { DRAGGABLE_CLASS, EditorCanvas, type EditorCanvasStore } from './editor-canvas';

/**
 * The editor's largest zoom: 4. Its smallest, 0.5, would keep a large plan from fitting a
 * tablet's screen; the plan can always be zoomed out to fit (docs/SCREENS.md 'Location Editor').
 */
const MAX_ZOOM = 4;
const PANNING_EXCLUDED = [DRAGGABLE_CLASS];

/**
 * The location's floor plan with the editor's canvas on it. Its props stay the same while the
 * technician edits (the canvas reads its store), so an edit never re-renders the pan-and-zoom.
 */
export const EditorMap = memo(function EditorMap({ imageUrl, name, store }: { imageUrl: string; name: string; store: EditorCanvasStore }) {
  const canvas = useCallback((size: PlanSize) => <EditorCanvas size={size} store={store} />, [store]);
  return (
    <FloorPlanMap imageUrl={imageUrl} label={`Floor plan of ${name}`} height="min(72vh, 760px)" maxScale={MAX_ZOOM} errorText="Error loading floorplan" panningExcluded={PANNING_EXCLUDED}>
      {canvas}
    </FloorPlanMap>
  );
});
