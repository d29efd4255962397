import { accept, type Checked } from '../../catalog/checked.js';
import { positive } from '../../catalog/validation/field-rules.js';
import { isValidDia, type ProductionCalendar, productionDay } from '../../company/production-day.js';
import {
  conflict,
  type EstornarMovimento,
  notFound,
  type Refusal,
  type RegistrarMovimento,
  validation,
} from '../../stock/commands.js';
import type { MovimentoEstornado, MovimentoRegistrado } from '../../stock/events.js';
import { Dec, toText } from '../../stock/money.js';
import { MAX_MOTIVO, MAX_REFERENCIA } from '../../stock/validate-movement.js';
import { type ActiveBills, explode } from '../explode.js';
import type { ApontamentoCancelado, ApontamentoRegistrado } from './events.js';
import type { ApontamentoState } from './state.js';

/** `POST /v1/producao/apontamentos`' body (values as sent) and what the caller decides. */
export type RegistrarApontamento = {
  type: 'RegistrarApontamento';
  data: {
    apontamento_id: string;
    produto_id: unknown;
    quantidade: unknown;
    local_id: unknown;
    dia?: unknown;
    referencia?: unknown;
    motivo?: unknown;
    agora: string;
  };
  context: {
    calendar: ProductionCalendar;
    /** The product is a non-deleted one of the company. */
    productExists: boolean;
    /** The location is an active one of the company. */
    locationActive: boolean;
    /** The company's active bills reachable from the product (every level). */
    bills: ActiveBills;
    /** The id of the record's i-th movement (1-based; 0 is the record's own event). */
    movementId: (index: number) => string;
  };
};

/** A registration, checked: the record's fields and the movements it posts, not yet decided. */
export type PlannedRecord = {
  fields: Omit<ApontamentoRegistrado['data'], 'movimentos' | 'custo' | 'registrado_em'>;
  movements: RegistrarMovimento[];
};

/**
 * Checks a record in body order and explodes its product through every level of the active
 * bills: one `baixa_producao` per supply item consumed (quantities summed across levels), at
 * the record's location, negative, in the consumption unit, `origem` producao, `referencia`
 * the record's id; the stock decider then values each at the location's average. A product,
 * or a component product line, without an active bill: 409 naming the product.
 */
export function decideRegistrarApontamento(command: RegistrarApontamento): PlannedRecord | Refusal {
  const { data, context } = command;
  if (typeof data.produto_id !== 'string' || !context.productExists)
    return validation('produto_id', 'produto inexistente ou excluído');
  const quantidade = positive(data.quantidade, 'quantidade');
  if (!quantidade.ok) return quantidade;
  if (typeof data.local_id !== 'string' || !context.locationActive)
    return validation('local_id', 'local_id deve ser um local ativo da empresa');
  const dia = readDia(data.dia, data.agora, context.calendar);
  if (!dia.ok) return dia;
  const referencia = optionalText(data.referencia, 'referencia', MAX_REFERENCIA);
  if (!referencia.ok) return referencia;
  const motivo = optionalText(data.motivo, 'motivo', MAX_MOTIVO);
  if (!motivo.ok) return motivo;

  const { consumo, semFicha } = explode(context.bills, data.produto_id, quantidade.value);
  if (semFicha.length > 0) {
    const which = semFicha[0] === data.produto_id ? 'o produto' : 'o componente';
    return conflict(`${which} ${semFicha[0]} não tem ficha técnica ativa`);
  }
  const items = [...consumo.keys()].sort();
  const movements = items.map(
    (insumo_id, i): RegistrarMovimento => ({
      type: 'RegistrarMovimento',
      data: {
        movimento_id: context.movementId(i + 1),
        insumo_id,
        local_id: data.local_id as string,
        tipo: 'baixa_producao',
        quantidade: toText(consumo.get(insumo_id)!.neg()),
        referencia: data.apontamento_id,
        motivo: motivo.value,
        origem: 'producao',
        criado_em: data.agora,
      },
    }),
  );
  return {
    fields: {
      apontamento_id: data.apontamento_id,
      produto_id: data.produto_id,
      quantidade: quantidade.value,
      local_id: data.local_id as string,
      dia: dia.value,
      referencia: referencia.value,
      motivo: motivo.value,
    },
    movements,
  };
}

/** The record's event, once the stock decided its movements (their decided costs). */
export function recordRegistered(
  planned: PlannedRecord,
  decided: readonly MovimentoRegistrado['data'][],
  agora: string,
): ApontamentoRegistrado {
  const custo = decided.reduce(
    (sum, m) => sum.plus(new Dec(m.quantidade).abs().times(m.custo_unitario)),
    new Dec(0),
  );
  return {
    type: 'ApontamentoRegistrado.v1',
    data: {
      ...planned.fields,
      movimentos: decided.map(({ movimento_id, insumo_id, quantidade, custo_unitario }) => ({
        movimento_id,
        insumo_id,
        quantidade,
        custo_unitario,
      })),
      custo: toText(custo.toDecimalPlaces(2, Dec.ROUND_HALF_UP)),
      registrado_em: agora,
    },
  };
}

/** A cancellation, checked against the record: one reversal per movement, in its order. */
export function decideCancelarApontamento(
  state: ApontamentoState,
  input: { motivo?: unknown; agora: string; reversalId: (index: number) => string },
): EstornarMovimento[] | Refusal {
  if (state.estado === 'inexistente') return notFound('id', 'apontamento não encontrado');
  if (state.estado === 'cancelado') return conflict('o apontamento já foi cancelado');
  const motivo = optionalText(input.motivo, 'motivo', MAX_MOTIVO);
  if (!motivo.ok) return motivo;
  return state.registro.movimentos.map(({ movimento_id: estornado_id, insumo_id }, i) => ({
    type: 'EstornarMovimento',
    data: {
      movimento_id: input.reversalId(i + 1),
      insumo_id,
      estornado_id,
      motivo: motivo.value,
      origem: 'producao',
      criado_em: input.agora,
    },
  }));
}

export function recordCancelled(
  apontamentoId: string,
  reversals: readonly MovimentoEstornado['data'][],
  motivo: string | null,
  agora: string,
): ApontamentoCancelado {
  return {
    type: 'ApontamentoCancelado.v1',
    data: {
      apontamento_id: apontamentoId,
      motivo,
      estornos: reversals.map((r) => r.movimento_id),
      cancelado_em: agora,
    },
  };
}

function readDia(value: unknown, agora: string, calendar: ProductionCalendar): Checked<string> {
  if (value === undefined || value === null) return accept(productionDay(new Date(agora), calendar));
  return typeof value === 'string' && isValidDia(value)
    ? accept(value)
    : validation('dia', 'dia deve ser uma data AAAA-MM-DD');
}

function optionalText(value: unknown, campo: string, max: number): Checked<string | null> {
  if (value === undefined || value === null) return accept(null);
  if (typeof value !== 'string') return validation(campo, `${campo} deve ser um texto`);
  return value.length > max
    ? validation(campo, `${campo} deve ter no máximo ${max} caracteres`)
    : accept(value);
}
