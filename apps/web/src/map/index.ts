export { CampusMap } from './campus-map';
export type { CampusMapProps, MapMarker, MapPoint, MarkerKind } from './types';
