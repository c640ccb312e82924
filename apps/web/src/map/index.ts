export { CampusMap, usePrefetchMap } from './campus-map';
export type { MapMarker, MapPoint } from './types';
