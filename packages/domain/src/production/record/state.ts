import type { ApontamentoEvent, ApontamentoRegistrado } from './events.js';

export type ApontamentoState =
  | { estado: 'inexistente' }
  | { estado: 'registrado' | 'cancelado'; registro: ApontamentoRegistrado['data'] };

export const initialApontamentoState = (): ApontamentoState => ({ estado: 'inexistente' });

export function evolveApontamento(state: ApontamentoState, event: ApontamentoEvent): ApontamentoState {
  switch (event.type) {
    case 'ApontamentoRegistrado.v1':
      return { estado: 'registrado', registro: event.data };
    case 'ApontamentoCancelado.v1':
      return state.estado === 'inexistente' ? state : { estado: 'cancelado', registro: state.registro };
    default: {
      const never: never = event;
      return never;
    }
  }
}
