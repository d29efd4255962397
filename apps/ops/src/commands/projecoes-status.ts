import { PROJECTIONS, readProjectionStatus } from '@factory/read-models';
import type { CommandSpec } from '../command.js';
import { table } from '../output.js';

export const projecoesStatus: CommandSpec = {
  name: 'projecoes status',
  summary: 'versão, estado, posição, cabeça do log, atraso e reconstrução de cada projeção',
  options: {},
  async run({ pool, eventStore }) {
    const projecoes = await readProjectionStatus(pool, eventStore, PROJECTIONS);
    const text = table(
      ['nome', 'versao', 'estado', 'posicao', 'cabeca', 'atraso_eventos', 'atraso_segundos', 'reconstrucao'],
      projecoes.map((p) => [
        p.nome,
        String(p.versao),
        p.erro ? `${p.estado}: ${p.erro}` : p.estado,
        String(p.posicao),
        String(p.cabeca),
        String(p.atraso_eventos),
        String(p.atraso_segundos),
        p.reconstrucao
          ? `v${p.reconstrucao.versao} em ${p.reconstrucao.posicao}, ${Math.round(p.reconstrucao.eventos_por_segundo ?? 0)} eventos/s, ETA ${p.reconstrucao.eta_segundos === null ? '?' : `${Math.round(p.reconstrucao.eta_segundos)} s`}`
          : '-',
      ]),
    );
    return { json: { projecoes }, text };
  },
};
