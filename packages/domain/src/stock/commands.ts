import type { MovimentoEstornado, MovimentoRegistrado, Origem } from './events.js';
import type { DecimalInput } from './money.js';

/**
 * Commands carry the request body's keys (so a validation error's `campo` is the body
 * key) plus what the caller decides: the new movement's id, `origem` and `criado_em`.
 * The caller has already checked that `local_id` is an active location of the company.
 */
export type RegistrarMovimento = {
  type: 'RegistrarMovimento';
  data: {
    movimento_id: string;
    insumo_id: string;
    local_id: string;
    /** As received; the decider checks it (clients may send anything). */
    tipo: string;
    quantidade: DecimalInput;
    /** Consumption unit (default) or purchase unit. */
    unidade?: string | null;
    custo_unitario?: DecimalInput | null;
    /** Internal callers only (invoice entries carry taxes); defaults to custo_unitario. */
    custo_unitario_bruto?: DecimalInput | null;
    referencia?: string | null;
    motivo?: string | null;
    origem: Origem;
    criado_em: string;
  };
};

export type EstornarMovimento = {
  type: 'EstornarMovimento';
  data: {
    movimento_id: string;
    insumo_id: string;
    /** The movement to reverse. */
    estornado_id: string;
    motivo?: string | null;
    origem: Origem;
    criado_em: string;
  };
};

export type StockCommand = RegistrarMovimento | EstornarMovimento;

export type StockError =
  | { kind: 'validation'; campo: string; mensagem: string }
  | { kind: 'conflict'; mensagem: string }
  | { kind: 'not_found'; campo: string; mensagem: string };

export type Decision<E> = { ok: true; events: E[] } | Refusal;

export type StockDecision = Decision<MovimentoRegistrado | MovimentoEstornado>;

export type Refusal = { ok: false; error: StockError };

export const validation = (campo: string, mensagem: string): Refusal => ({
  ok: false,
  error: { kind: 'validation', campo, mensagem },
});

export const conflict = (mensagem: string): Refusal => ({ ok: false, error: { kind: 'conflict', mensagem } });

export const notFound = (campo: string, mensagem: string): Refusal => ({
  ok: false,
  error: { kind: 'not_found', campo, mensagem },
});

/** Origins of the service's own processes, which may use the internal movement types. */
export const INTERNAL_ORIGINS: readonly Origem[] = ['producao', 'nfe', 'inventario'];

export const isInternal = (origem: Origem): boolean => INTERNAL_ORIGINS.includes(origem);
