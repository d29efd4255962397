/** The specification's instant format: UTC with an explicit `+00:00`. */
export function formatInstant(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}
