import type { Progress } from './progress-file.js';

/** One line of progress for an operator watching the run: done of total, rate, outcomes. */
export function progressLine(
  progress: Progress,
  total: number,
  startedAt: number,
  feitasAtStart: number,
): string {
  const seconds = (Date.now() - startedAt) / 1000;
  const rate = seconds > 0 ? (progress.feitas - feitasAtStart) / seconds : 0;
  const percent = total === 0 ? 100 : Math.floor((progress.feitas / total) * 100);
  return (
    `${progress.feitas}/${total} lines (${percent}%), ${rate.toFixed(1)} lines/s: ` +
    `${progress.enviadas} posted, ${progress.repetidas} already there, ${progress.recusadas.length} refused`
  );
}
