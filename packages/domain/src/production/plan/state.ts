import type { ItemDoPlano, PlanoEvent } from './events.js';

export type PlanoState = { versao: number; itens: ItemDoPlano[]; atualizado_em: string | null };

export const initialPlanoState = (): PlanoState => ({ versao: 0, itens: [], atualizado_em: null });

export function evolvePlano(_state: PlanoState, event: PlanoEvent): PlanoState {
  switch (event.type) {
    case 'PlanoSubstituido.v1':
      return { versao: event.data.versao, itens: event.data.itens, atualizado_em: event.data.substituido_em };
    default: {
      const never: never = event.type;
      return never;
    }
  }
}
