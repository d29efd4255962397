// Expected refusals of the tenant services. Callers (the ops CLI, seeds) show `message` as is;
// anything that is not an OpsError is a bug or an outage.
export type OpsErrorCode =
  | 'invalido' // malformed or out-of-range input
  | 'nao_encontrado' // company, user or token id that does not exist
  | 'nao_admin' // the token creator is not an administrator of the company
  | 'limite_tokens'; // the company already has its maximum of active tokens

export class OpsError extends Error {
  override readonly name = 'OpsError';

  constructor(
    readonly code: OpsErrorCode,
    message: string,
  ) {
    super(message);
  }
}
