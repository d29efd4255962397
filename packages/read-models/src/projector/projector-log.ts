/** What the projector logs through: pino's logger fits as is. */
export interface ProjectorLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const silentLog: ProjectorLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
