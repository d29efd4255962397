import { Counter, Gauge, type Registry } from 'prom-client';

/** What `readProjectionStatus` gives per projection (the fields the metrics need). */
export interface ProjectionLag {
  nome: string;
  posicao: number;
  atraso_eventos: number;
  atraso_segundos: number;
}

export interface ProjectorMetrics {
  /** A batch committed by this worker. */
  applied(checkpointName: string, events: number): void;
}

/**
 * Events applied (counted as batches commit) and, read at each scrape from what the projector
 * recorded, each projection's position and its lag behind the log in events and seconds.
 */
export function projectorMetrics(
  registry: Registry,
  readLag: () => Promise<ProjectionLag[]>,
): ProjectorMetrics {
  let latest: Promise<ProjectionLag[]> | undefined;
  // The three gauges are read in one scrape: one query answers them all.
  const lag = () => {
    latest ??= readLag().finally(() => setTimeout(() => (latest = undefined), 100).unref());
    return latest;
  };
  const gauge = (name: string, help: string, field: keyof Omit<ProjectionLag, 'nome'>) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await lag()) this.set({ projection: row.nome }, row[field]);
      },
    });
  gauge('projector_position', 'Log position of the last event applied, by projection', 'posicao');
  gauge('projector_lag_events', 'Events in the log not yet applied, by projection', 'atraso_eventos');
  gauge('projector_lag_seconds', 'Age of the oldest event not yet applied, by projection', 'atraso_segundos');
  const events = new Counter({
    name: 'projector_events_applied_total',
    help: 'Events applied by this worker, by checkpoint',
    labelNames: ['checkpoint'],
    registers: [registry],
  });
  return {
    applied(checkpointName, count) {
      events.inc({ checkpoint: checkpointName }, count);
    },
  };
}
