/**
 * The arrival estimate's records: each delivery's estimate when the rider picks up, and when it
 * was delivered. Calibration and the accuracy the admin sees are read from them.
 */
import type { DeliveryKind, LatLon } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { accuracyFrom, CALIBRATION_JOBS, calibrationFrom, estimate, roadMinutes, type EtaAccuracy } from './eta.js';
import * as repo from './eta.repo.js';
import { routeOnCampus } from './routing.service.js';

/** How much slower (above 1) or faster the roads really are than the speed table, from the latest delivered jobs. */
async function etaCalibration(ex: Executor): Promise<number> {
  return calibrationFrom(await repo.latestDelivered(ex, CALIBRATION_JOBS));
}

/** How long a calibration read is used before it is read again: it moves with each delivered job, slowly. */
const CALIBRATION_KEPT_MS = 10 * 60_000;

/**
 * The calibration for estimates given many times a second (each rider position): read at most
 * once per CALIBRATION_KEPT_MS of `now()`, and read once when several ask together.
 */
export class EtaCalibration {
  private read: { value: Promise<number>; at: number } | null = null;

  constructor(
    private readonly ex: Executor,
    private readonly now: () => Date,
  ) {}

  value(): Promise<number> {
    const now = this.now().getTime();
    if (!this.read || now - this.read.at >= CALIBRATION_KEPT_MS) {
      const value = etaCalibration(this.ex).catch((err: unknown) => {
        this.read = null;
        throw err;
      });
      this.read = { value, at: now };
    }
    return this.read.value;
  }
}

/**
 * Records the estimate from the pickup to the door as the rider picks up. Nothing is recorded
 * when no road joins them: there was no estimate to judge.
 */
export async function recordPickup(
  ex: Executor,
  job: { kind: DeliveryKind; id: string; pickup: LatLon; door: LatLon; at: Date },
): Promise<void> {
  const route = routeOnCampus(job.pickup, job.door);
  if (!route.reachable) return;
  const calibration = await etaCalibration(ex);
  const predicted = estimate(job.pickup, job.door, { preparationMinutes: 0, stage: 'picked_up', calibration });
  await repo.insertPickup(ex, {
    jobKind: job.kind,
    jobId: job.id,
    roadMinutes: roadMinutes(route),
    predictedMinutes: predicted!,
    pickedUpAt: job.at,
  });
}

/** Records when a delivery reached the door (nothing for one whose pickup was not recorded). */
export async function recordDelivered(ex: Executor, kind: DeliveryKind, id: string, at: Date): Promise<void> {
  await repo.setDelivered(ex, kind, id, at);
}

/** The estimate's accuracy over the latest `jobs` delivered jobs, for the admin. */
export async function etaAccuracy(ex: Executor, jobs = 500): Promise<EtaAccuracy> {
  return accuracyFrom(await repo.latestDelivered(ex, jobs));
}
