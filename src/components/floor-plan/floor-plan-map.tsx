import { ActionIcon, Loader, Stack, Text } from '@mantine/core';
import { type CSSProperties, memo, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type ReactZoomPanPinchRef, TransformComponent, TransformWrapper, useControls } from 'react-zoom-pan-pinch';
import classes from './floor-plan.module.css';
import { usePlanSource } from './use-plan-source';

// A location's floor plan that pans and zooms (pinch, wheel, drag, the buttons, the keyboard),
// with whatever the caller places on it positioned in floor-plan pixels. The library moves one
// wrapper with a CSS transform, so a gesture never re-renders React or lays out what sits on the
// plan: 300 markers cost what one does while the plan moves.

/** A floor plan's size in its own pixels (the image's natural size). */
export interface PlanSize {
  width: number;
  height: number;
}

export interface FloorPlanMapProps {
  /** The plan image's address (a location's `floorplanImage`). */
  imageUrl: string;
  /** Accessible name of the map (e.g. 'Floor plan of ICU – 3 North'). */
  label: string;
  /**
   * What sits on the plan, positioned in floor-plan pixels (see FloorPlanMarker); a function
   * receives the plan's size. Rendered once the image has loaded.
   */
  children?: ReactNode | ((size: PlanSize) => ReactNode);
  /** Height of the map on screen (CSS length or pixels; default 480). */
  height?: CSSProperties['height'];
  /** Smallest zoom (default 0.05); the plan never zooms out past the size that fits the map. */
  minScale?: number;
  /** Largest zoom (default 8). */
  maxScale?: number;
  /** The image has loaded, with the plan's size. */
  onLoad?: (size: PlanSize) => void;
  /** The image could not be loaded (missing, or offline and never cached). */
  onLoadError?: () => void;
  /** Shown in place of the plan when the image could not be loaded. */
  errorText?: string;
  /** Class names of what sits on the plan and is dragged itself (a device being moved): a press on it does not pan. */
  panningExcluded?: readonly string[];
  /** No panning for now (a drag draws instead); pinch and wheel still zoom. */
  panningDisabled?: boolean;
}

const ZOOM_STEP = 0.5;
const NO_EXCLUSIONS: readonly string[] = [];
const BUTTON_SIZE = 44;

/**
 * A pannable, zoomable floor plan. Touch first: pinch and drag, 44 px zoom buttons and 'Fit to
 * screen'; Ctrl (or ⌘) with the wheel, and a trackpad's pinch, zoom at the pointer, while the wheel
 * alone scrolls the page as it does everywhere else; focused, +/− zoom and the arrow keys pan.
 * Opens fitted to the screen, and zooms out no further than that.
 */
export function FloorPlanMap({
  imageUrl,
  label,
  children,
  height = 480,
  minScale = 0.05,
  maxScale = 8,
  onLoad,
  onLoadError,
  errorText = 'The floor plan could not be loaded.',
  panningExcluded = NO_EXCLUSIONS,
  panningDisabled = false,
}: FloorPlanMapProps) {
  const hintId = useId();
  const [state, setState] = useState<{ url: string; size: PlanSize | null; failed: boolean }>({ url: imageUrl, size: null, failed: false });
  // A new address starts afresh (the size and failure were the last image's).
  const current = state.url === imageUrl ? state : { url: imageUrl, size: null, failed: false };
  const { size } = current;
  const source = usePlanSource(imageUrl);
  const failed = current.failed || source.failed;
  const viewport = useRef<HTMLDivElement>(null);
  const controls = useRef<ReactZoomPanPinchRef>(null);
  // Until the user moves or zooms it, the plan stays fitted as the map changes size (a card
  // beside it, the tablet turned); after that it stays where they put it.
  const untouched = useRef(true);
  const touched = useCallback(() => {
    untouched.current = false;
  }, []);
  const fitted = useCallback(() => {
    untouched.current = true;
  }, []);
  const moving = useMovingFlag(viewport);
  const writeScale = usePlanScale(viewport);
  // The scale at which the whole plan fits the map: zooming out stops there.
  const [fitScale, setFitScale] = useState<number | null>(null);
  useEffect(() => {
    const element = viewport.current;
    if (!element || !size) return;
    const measure = () => setFitScale(Math.min(element.clientWidth / size.width, element.clientHeight / size.height) || null);
    measure();
    let last = element.clientWidth * 100_000 + element.clientHeight;
    const observer = new ResizeObserver(() => {
      const now = element.clientWidth * 100_000 + element.clientHeight;
      if (now === last) return;
      last = now;
      measure();
      if (untouched.current) void controls.current?.fitToView({ mode: 'contain', animationTime: 0 });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [size]);

  const loaded = useCallback(
    (event: React.SyntheticEvent<HTMLImageElement>) => {
      const image = event.currentTarget;
      const next = { width: image.naturalWidth, height: image.naturalHeight };
      setState({ url: imageUrl, size: next, failed: false });
      onLoad?.(next);
    },
    [imageUrl, onLoad],
  );
  const errored = useCallback(() => {
    setState({ url: imageUrl, size: null, failed: true });
    onLoadError?.();
  }, [imageUrl, onLoadError]);

  if (failed) {
    return (
      <div className={classes.viewport} style={{ height }} role="img" aria-label={label}>
        <div className={classes.status}>
          <Text c="dimmed" ta="center" px="md">
            {errorText}
          </Text>
        </div>
      </div>
    );
  }

  return (
    <div className={classes.viewport} style={{ height }} data-floor-plan ref={viewport} onKeyDown={(event) => /^(Arrow|[-+=_]$)/.test(event.key) && touched()}>
      <TransformWrapper
        key={imageUrl}
        ref={controls}
        onPanningStart={moving.start}
        onWheelStart={moving.start}
        onPinchStart={moving.start}
        onInit={(ref) => writeScale(ref.state.scale)}
        onTransform={(ref, state) => {
          writeScale(state.scale);
          moving.transformed(ref, state);
        }}
        onPanningStop={moving.stop}
        onWheelStop={moving.stop}
        onPinchStop={moving.stop}
        onPanning={touched}
        onWheel={touched}
        onPinch={touched}
        minScale={fitScale ? Math.min(maxScale, Math.max(minScale, fitScale)) : minScale}
        maxScale={maxScale}
        fitOnInit="contain"
        centerZoomedOut
        limitToBounds
        doubleClick={{ disabled: true }}
        panning={{ disabled: panningDisabled, excluded: panningExcluded as string[] }}
        keyboard={{ disabled: false, panStep: 60, zoomStep: ZOOM_STEP }}
        // The wheel alone scrolls the page; with Ctrl (a trackpad's pinch sends it) it zooms.
        wheel={{ step: 0.15, wheelDisabled: true }}
        // A zoom past the limits gives a little (not the library's 0.4 of scale, a third of a fitted plan) and settles back.
        zoomAnimation={{ size: 0.05 }}
      >
        <Controls onZoom={touched} onFit={fitted} moving={moving} />
        <TransformComponent
          wrapperClass={classes.wrapper}
          contentClass={classes.content}
          wrapperProps={{ role: 'group', 'aria-label': label, 'aria-describedby': hintId, 'aria-roledescription': 'map' } as React.HTMLAttributes<HTMLDivElement>}
          contentProps={{ 'data-testid': 'floor-plan-content' } as React.HTMLAttributes<HTMLDivElement>}
        >
          <div className={classes.plan} style={size ? { width: size.width, height: size.height } : undefined}>
            {source.src && <img className={classes.image} src={source.src} alt="" data-plan-image decoding="async" draggable={false} onLoad={loaded} onError={errored} />}
            {size && <div className={classes.overlay}>{typeof children === 'function' ? children(size) : children}</div>}
          </div>
        </TransformComponent>
      </TransformWrapper>
      {!size && (
        <div className={classes.status} aria-hidden>
          <Loader size="sm" />
        </div>
      )}
      <span id={hintId} hidden>
        Pinch, or hold Ctrl and use the wheel, to zoom; drag to move. When focused, + and − zoom and the arrow keys move the plan.
      </span>
    </div>
  );
}

/** The zoom buttons; they read the map's controls and never its transform, so a gesture leaves them be. */
const Controls = memo(function Controls({ onZoom, onFit, moving }: { onZoom: () => void; onFit: () => void; moving: MovingFlag }) {
  const { zoomIn, zoomOut, fitToView } = useControls();
  // The buttons' zoom is animated: the plan moves until it settles.
  const animated = (zoom: Promise<void>) => {
    moving.set();
    void zoom.finally(moving.stop);
  };
  const button = (text: string, name: string, onClick: () => void) => (
    <ActionIcon variant="default" size={BUTTON_SIZE} radius="md" aria-label={name} title={name} onClick={onClick}>
      <span aria-hidden style={{ fontSize: 20, lineHeight: 1 }}>
        {text}
      </span>
    </ActionIcon>
  );
  return (
    <Stack gap={6} className={classes.controls}>
      {button('+', 'Zoom in', () => {
        onZoom();
        animated(zoomIn(ZOOM_STEP));
      })}
      {button('−', 'Zoom out', () => {
        onZoom();
        animated(zoomOut(ZOOM_STEP));
      })}
      {button('⤢', 'Fit to screen', () => {
        onFit();
        animated(fitToView({ mode: 'contain' }));
      })}
    </Stack>
  );
});

/** A press or wheel that moved the plan less than this (screen pixels, and no zoom) is still a tap. */
const MOVE_SLOP_PX = 8;

interface MovingFlag {
  /** A gesture began (the plan as it was then is kept). */
  start: (ref: ReactZoomPanPinchRef) => void;
  /** The plan moved: past the slop, the map is marked as moving. */
  transformed: (ref: ReactZoomPanPinchRef, state: { scale: number; positionX: number; positionY: number }) => void;
  /** Marks the map as moving at once (an animated zoom). */
  set: () => void;
  /** The gesture or animation ended. */
  stop: () => void;
}

/**
 * The plan's zoom as `--plan-scale` on the map, for what sits on the plan and must keep a size on
 * screen (a touch target of 44 px at any zoom). Written on the element, and only when the scale
 * changes: a pan writes nothing, and a gesture never re-renders React.
 */
function usePlanScale(viewport: React.RefObject<HTMLDivElement | null>): (scale: number) => void {
  const last = useRef<number | null>(null);
  return useCallback(
    (scale: number) => {
      if (last.current === scale || !viewport.current) return;
      last.current = scale;
      viewport.current.style.setProperty('--plan-scale', String(scale));
    },
    [viewport],
  );
}

/**
 * `data-moving` on the map while the plan pans or zooms (from the moment it has moved past a tap's
 * slop until the gesture ends). What sits on the plan and only takes taps may hide meanwhile
 * (`[data-moving] …`), so that a frame of the gesture does not paint or hit-test it. Written on the
 * element directly: a gesture never re-renders React.
 */
function useMovingFlag(viewport: React.RefObject<HTMLDivElement | null>): MovingFlag {
  const from = useRef<{ scale: number; positionX: number; positionY: number } | null>(null);
  const [flag] = useState<MovingFlag>(() => ({
    start: (ref) => {
      from.current = { ...ref.state };
    },
    transformed: (_ref, state) => {
      const at = from.current;
      const element = viewport.current;
      if (!at || !element || element.dataset.moving !== undefined) return;
      if (state.scale !== at.scale || Math.hypot(state.positionX - at.positionX, state.positionY - at.positionY) > MOVE_SLOP_PX) element.dataset.moving = '';
    },
    set: () => {
      if (viewport.current) viewport.current.dataset.moving = '';
    },
    stop: () => {
      from.current = null;
      if (viewport.current) delete viewport.current.dataset.moving;
    },
  }));
  return flag;
}

/**
 * Places its children on the plan with their top-left corner at (x, y) floor-plan pixels; the
 * caller centres or anchors them (e.g. `translate(-50%, -100%)` for a pin's tip). A transform
 * rather than left/top, so placing 300 of them costs no layout of their neighbours.
 */
export const FloorPlanMarker = memo(function FloorPlanMarker({
  x,
  y,
  children,
  className,
  style,
}: {
  x: number;
  y: number;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <div className={className ? `${classes.marker} ${className}` : classes.marker} style={{ ...style, transform: `translate(${x}px, ${y}px)` }}>
      {children}
    </div>
  );
});
