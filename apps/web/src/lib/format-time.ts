/** Day, month and time in Lagos (e.g. '3 Mar, 2:05 pm'); empty for null. */
export const fmtTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-NG', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }) : '';
