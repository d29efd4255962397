import { readFileSync, renameSync, writeFileSync } from 'node:fs';

export interface RefusedLine {
  linha: number;
  status: number;
  codigo: string;
  mensagem: string;
}

/** What a push has done with one CSV file, kept beside it so that a new run goes on from there. */
export interface Progress {
  /** SHA-256 of the CSV: a progress file never drives a different file. */
  arquivo_sha256: string;
  /** Movements of the file finished (posted, replayed or refused), in file order. */
  feitas: number;
  enviadas: number;
  /** Lines the service had already taken (a run stopped after posting, before saving this). */
  repetidas: number;
  recusadas: RefusedLine[];
}

export function newProgress(arquivoSha256: string): Progress {
  return { arquivo_sha256: arquivoSha256, feitas: 0, enviadas: 0, repetidas: 0, recusadas: [] };
}

export function readProgress(path: string): Progress | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Progress;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Written to a temporary file and renamed over the old one: a kill leaves the old or the new. */
export function saveProgress(path: string, progress: Progress): void {
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(progress, null, 2)}\n`);
  renameSync(temporary, path);
}
