import type { JobDto, JobStop } from '@jara/shared';

/** Where a batch goes (its drops share a hall or a building): the first drop's known place, else its address. */
export function batchPlace(drops: readonly JobStop[]): string {
  const first = drops[0];
  return first?.door?.placeName || first?.address || '';
}

/** The rider's active jobs as shown: a lone job, or a batch's jobs together in stop order. */
export type ActiveEntry = { job: JobDto } | { batchId: string; jobs: JobDto[] };

/**
 * Groups the active jobs of one batch (decision 0048) where its first job stands in the list, its
 * jobs in the order to deliver them; a batch with one job left (the others delivered) shows as a lone job.
 */
export function groupActive(jobs: readonly JobDto[]): ActiveEntry[] {
  const byBatch = new Map<string, JobDto[]>();
  for (const j of jobs) if (j.batch) (byBatch.get(j.batch.id) ?? byBatch.set(j.batch.id, []).get(j.batch.id)!).push(j);
  const entries: ActiveEntry[] = [];
  const shown = new Set<string>();
  for (const j of jobs) {
    const mates = j.batch ? byBatch.get(j.batch.id)! : [];
    if (!j.batch || mates.length < 2) entries.push({ job: j });
    else if (!shown.has(j.batch.id)) {
      shown.add(j.batch.id);
      entries.push({ batchId: j.batch.id, jobs: [...mates].sort((a, b) => a.batch!.stop - b.batch!.stop) });
    }
  }
  return entries;
}
