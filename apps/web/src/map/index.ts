export { CampusMap } from './campus-map';
export type { MapMarker, MapPoint } from './types';
