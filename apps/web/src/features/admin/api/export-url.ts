import { exportPath, type ExportKind, type ExportQuery } from '@jara/shared';

/**
 * Where the browser downloads an export from. The screen links to it (`<a href download>`) rather
 * than fetching it, so the browser streams the file to disk however large it is.
 */
export const adminExportUrl = (kind: ExportKind, period: ExportQuery) => exportPath(kind, period);
