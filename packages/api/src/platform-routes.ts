import type { PlatformRoutes } from '@factory/http';
import { descricao } from './routes/descricao.js';
import { pronto, vivo } from './routes/sondas.js';

/** What every API process serves besides its own routes (`createApiService`'s `platformRoutes`). */
export const platformRoutes: PlatformRoutes = { description: descricao, live: vivo, ready: pronto };
