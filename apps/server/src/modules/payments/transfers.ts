/** Transfer webhooks (transfer.success / failed / reversed) for whoever pays out (payouts). */
export type TransferListener = (event: string, data: Record<string, unknown>) => Promise<void>;

/** Hands transfer events to the listeners: the payments module pays nobody out itself. */
export class Transfers {
  private readonly listeners: TransferListener[] = [];

  listen(listener: TransferListener): void {
    this.listeners.push(listener);
  }

  /** The webhook outcome: handled when someone listens, else ignored. */
  async handle(event: string, data: Record<string, unknown>): Promise<string> {
    for (const l of this.listeners) await l(event, data);
    return this.listeners.length ? 'transfer_handled' : 'ignored';
  }
}
