import { exportPath, type ExportQuery } from '@jara/shared';

/** Where the shop's own sales of a period download from: a plain link, so the browser streams the file. */
export const salesExportUrl = (period: ExportQuery) => exportPath('sales', period);
