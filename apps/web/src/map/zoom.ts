/** Place names are drawn from this zoom on: further out they would cover the roads. */
export const LABEL_MIN_ZOOM = 16;
/** The zoom of a view on one point, unless the page asks for another (a few buildings across). */
export const POINT_ZOOM = 17;
