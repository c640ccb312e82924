/** A point on the map, as the API's schemas name coordinates. */
export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** The door (an address's pin), a pick-up (a shop) or the rider on the way. */
type MarkerKind = 'door' | 'pickup' | 'rider';

export interface MapMarker extends MapPoint {
  /** Stable across renders: a marker whose position changes is moved, not drawn again. */
  id: string;
  kind: MarkerKind;
  /** What it stands for ("Your door", "Mama Osas Kitchen"), said by screen readers and on hover. */
  label: string;
  /** The door pin only: dragged with a finger or the mouse, or moved with the arrow keys once focused. */
  draggable?: boolean;
  /** Where a draggable pin was dropped. */
  onMove?: (to: MapPoint) => void;
}

export interface CampusMapProps {
  /** The map's accessible name: what it shows. The page says the same in text beside it. */
  label: string;
  markers?: MapMarker[];
  /**
   * Points the view fits when the map opens and again whenever they change (e.g. another place
   * picked); without them the markers' positions at the first view. A marker moving (a rider, a
   * dragged pin) never moves the view.
   */
  fit?: MapPoint[];
  /** The zoom of a view on one point (17, a few buildings across, by default). */
  zoom?: number;
  /** A line to draw, e.g. the rider's route: [latitude, longitude] pairs. */
  route?: [number, number][];
  /** Height in CSS pixels; the loading and error states keep it, so nothing jumps. */
  height?: number;
  /** A small map that neither pans nor zooms (a card's). */
  still?: boolean;
  className?: string;
}
