/** uPlot, fetched with the first chart drawn (a chunk of its own), so a dashboard's figures do not wait for it. */
export const loadUPlot = async () => (await import('uplot')).default;
