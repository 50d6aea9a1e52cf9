// Geometry of a demo ward's floor plan, in floor-plan pixels: a double-loaded corridor with the
// patient rooms above and below it, the unit entrance at its west end and the nurse station as an
// island in the middle. The seed places zones and devices with it, and scripts/make-floorplans.ts
// draws the PNG from it, so the image and the zone polygons always agree.

/** Floor-plan image size in pixels. */
export const FLOORPLAN_WIDTH = 1200;
export const FLOORPLAN_HEIGHT = 800;
/** Floor-plan pixels per metre (groups.map_scale). */
export const FLOORPLAN_SCALE = 32;

export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned rectangle, x0 < x1 and y0 < y1. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface RoomLayout {
  rect: Rect;
  /** 'top' rooms open downwards onto the corridor, 'bottom' rooms upwards. */
  side: 'top' | 'bottom';
  /** Middle of the doorway, on the corridor wall. */
  door: Point;
  /** Where the room beacon hangs. */
  beacon: Point;
  /** Bed positions: one for a single room, two for a double. */
  beds: (bedCount: 1 | 2) => Point[];
  /** The sanitizer on the corridor wall beside the door. */
  doorDispenser: Point;
  /** The soap dispenser at the sink just inside the door. */
  sinkDispenser: Point;
}

export interface WardLayout {
  /** The building's outer wall. */
  outline: Rect;
  corridor: Rect;
  rooms: RoomLayout[];
  /** REMINDER zone at the corridor's west end. */
  entrance: Rect;
  /** OTHER zone: the nurse station island. */
  station: Rect;
  /** Rooms drawn on the plan but not zones: clean utility (north-west) and staff room (south-west). */
  utility: Rect;
  staffRoom: Rect;
  entranceDispenser: Point;
  stationDispenser: Point;
  utilityDispenser: Point;
  /** Ordinary gateways, first one west of the station, second one east. */
  gateways: [Point, Point];
  kiosk: Point;
  tablet: Point;
}

const MARGIN = 40;
const CORRIDOR_TOP = 290;
const CORRIDOR_BOTTOM = 510;
const ROOMS_WEST = 200;
const ROOMS_EAST = FLOORPLAN_WIDTH - MARGIN;

function roomLayout(rect: Rect, side: 'top' | 'bottom'): RoomLayout {
  const cx = Math.round((rect.x0 + rect.x1) / 2);
  const width = rect.x1 - rect.x0;
  const top = side === 'top';
  const door = { x: cx, y: top ? rect.y1 : rect.y0 };
  const bedY = top ? rect.y0 + 70 : rect.y1 - 70;
  return {
    rect,
    side,
    door,
    beacon: { x: cx, y: Math.round((rect.y0 + rect.y1) / 2) },
    beds: (count) =>
      count === 1
        ? [{ x: cx, y: bedY }]
        : [
            { x: Math.round(rect.x0 + width / 3), y: bedY },
            { x: Math.round(rect.x0 + (2 * width) / 3), y: bedY },
          ],
    doorDispenser: { x: Math.round(rect.x0 + width * 0.78), y: top ? rect.y1 + 14 : rect.y0 - 14 },
    sinkDispenser: { x: rect.x0 + 18, y: top ? rect.y1 - 20 : rect.y0 + 20 },
  };
}

/** Lays out a ward of `roomCount` patient rooms (2–16): the upper row gets the odd one. */
export function wardLayout(roomCount: number): WardLayout {
  if (roomCount < 2 || roomCount > 16) throw new Error(`a demo ward holds 2–16 rooms, not ${roomCount}`);
  const upper = Math.ceil(roomCount / 2);
  const lower = roomCount - upper;
  const row = (count: number, y0: number, y1: number, side: 'top' | 'bottom') => {
    const width = (ROOMS_EAST - ROOMS_WEST) / count;
    return Array.from({ length: count }, (_, i) =>
      roomLayout(
        { x0: Math.round(ROOMS_WEST + i * width), y0, x1: Math.round(ROOMS_WEST + (i + 1) * width), y1 },
        side,
      ),
    );
  };
  const midY = (CORRIDOR_TOP + CORRIDOR_BOTTOM) / 2;
  return {
    outline: { x0: 20, y0: 20, x1: FLOORPLAN_WIDTH - 20, y1: FLOORPLAN_HEIGHT - 20 },
    corridor: { x0: MARGIN, y0: CORRIDOR_TOP, x1: ROOMS_EAST, y1: CORRIDOR_BOTTOM },
    rooms: [
      ...row(upper, MARGIN, CORRIDOR_TOP, 'top'),
      ...row(lower, CORRIDOR_BOTTOM, FLOORPLAN_HEIGHT - MARGIN, 'bottom'),
    ],
    entrance: { x0: MARGIN, y0: CORRIDOR_TOP + 30, x1: 170, y1: CORRIDOR_BOTTOM - 30 },
    station: { x0: 540, y0: midY - 50, x1: 780, y1: midY + 50 },
    utility: { x0: MARGIN, y0: MARGIN, x1: ROOMS_WEST, y1: CORRIDOR_TOP },
    staffRoom: { x0: MARGIN, y0: CORRIDOR_BOTTOM, x1: ROOMS_WEST, y1: FLOORPLAN_HEIGHT - MARGIN },
    entranceDispenser: { x: 185, y: midY },
    stationDispenser: { x: 795, y: midY },
    utilityDispenser: { x: 120, y: CORRIDOR_TOP - 20 },
    gateways: [
      { x: 400, y: midY },
      { x: 1000, y: midY },
    ],
    kiosk: { x: 600, y: midY + 30 },
    tablet: { x: 720, y: midY - 25 },
  };
}

/** A rectangle as a closed GeoJSON Polygon ring (counter-clockwise in image coordinates). */
export function polygonOf(rect: Rect): { type: 'Polygon'; coordinates: [number, number][][] } {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [rect.x0, rect.y0],
        [rect.x0, rect.y1],
        [rect.x1, rect.y1],
        [rect.x1, rect.y0],
        [rect.x0, rect.y0],
      ],
    ],
  };
}
