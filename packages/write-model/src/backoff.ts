import { setTimeout as sleep } from 'node:timers/promises';

const BASE_MS = 2;
const CAP_MS = 100;

/**
 * Waits before retry `attempt` (1, 2, ...): a random time up to a ceiling that doubles each
 * time ("full jitter"), so writers that collided once do not collide again in lockstep.
 */
export function backoff(attempt: number): Promise<void> {
  return sleep(Math.random() * Math.min(CAP_MS, BASE_MS * 2 ** attempt));
}
