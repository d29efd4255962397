import { validation } from '../../stock/commands.js';
import { dec, toText } from '../../stock/money.js';
import type { ItemDefinition } from '../../stock/state.js';
import { toConsumptionUnit } from '../../stock/units.js';
import { reaches } from '../bill-graph.js';
import { accept, type Checked } from '../checked.js';
import { percentage, positive } from '../validation/field-rules.js';
import type { FichaContext, LinhaFichaItem } from './commands.js';
import type { LinhaDaFicha } from './events.js';

/** The unit of a component product line: components are counted in units. */
export const COMPONENT_UNIT = 'un';

/** What a line consumes, once found. */
type Target = { tipo: 'insumo'; id: string; item: ItemDefinition } | { tipo: 'produto'; id: string };

type Campo = (key: string) => string;

/**
 * Checks line `i` of the bill of product `produtoId`, in body order (tipo, the id,
 * consumo, unidade, perda_pct), and brings it to its stored form.
 */
export function readLine(
  line: LinhaFichaItem,
  i: number,
  produtoId: string,
  context: FichaContext,
): Checked<LinhaDaFicha> {
  const at: Campo = (key) => `linhas[${i}].${key}`;
  if (typeof line !== 'object' || line === null) {
    return validation(`linhas[${i}]`, 'a linha deve ser um objeto');
  }
  const target = readTarget(line, at, produtoId, context);
  if (!target.ok) return target;
  const consumo = positive(line.consumo, at('consumo'));
  if (!consumo.ok) return consumo;
  const amount = inStoredUnit(target.value, line.unidade, consumo.value, at);
  if (!amount.ok) return amount;
  const perda = line.perda_pct == null ? accept('0') : percentage(line.perda_pct, at('perda_pct'));
  if (!perda.ok) return perda;

  const { tipo, id } = target.value;
  return accept({
    id: line.id,
    tipo,
    insumo_id: tipo === 'insumo' ? id : null,
    componente_id: tipo === 'produto' ? id : null,
    consumo: amount.value.consumo,
    unidade: amount.value.unidade,
    perda_pct: perda.value,
  });
}

function readTarget(
  line: LinhaFichaItem,
  at: Campo,
  produtoId: string,
  context: FichaContext,
): Checked<Target> {
  const { tipo } = line;
  if (tipo === 'insumo') {
    if (line.componente_id != null) return notApplicable('componente_id', tipo, at);
    const id = line.insumo_id;
    const item = typeof id === 'string' ? context.supplyItems.get(id) : undefined;
    if (typeof id !== 'string' || item === undefined)
      return validation(at('insumo_id'), 'insumo não encontrado');
    return accept({ tipo, id, item });
  }
  if (tipo !== 'produto') return validation(at('tipo'), 'tipo deve ser insumo ou produto');
  if (line.insumo_id != null) return notApplicable('insumo_id', tipo, at);
  const id = line.componente_id;
  if (typeof id !== 'string' || !context.products.has(id)) {
    return validation(at('componente_id'), 'produto não encontrado');
  }
  // A cycle at any depth: the component is this product, or its bills lead back to it.
  if (reaches(context.bills, id, produtoId)) {
    return validation(at('componente_id'), 'a linha faria o produto consumir a si mesmo');
  }
  return accept({ tipo, id });
}

const notApplicable = (key: string, tipo: string, at: Campo) =>
  validation(at(key), `${key} não se aplica a linhas do tipo ${tipo}`);

/**
 * A supply item's line is stored in its consumption unit: a quantity given in its
 * purchase unit is multiplied by `fator_conversao` (consumption units per purchase unit;
 * exact), with the stock's own conversion. A component product is counted in `un`.
 */
function inStoredUnit(
  target: Target,
  unidade: unknown,
  consumo: string,
  at: Campo,
): Checked<{ consumo: string; unidade: string }> {
  if (target.tipo === 'produto') {
    return unidade == null || unidade === COMPONENT_UNIT
      ? accept({ consumo, unidade: COMPONENT_UNIT })
      : validation(at('unidade'), `unidade de um componente deve ser ${COMPONENT_UNIT}`);
  }
  const { item } = target;
  const given = { quantidade: dec(consumo), custoUnitario: null, custoUnitarioBruto: null };
  const converted =
    unidade == null || typeof unidade === 'string' ? toConsumptionUnit(item, unidade, given) : null;
  if (converted === null) {
    return validation(at('unidade'), `unidade deve ser ${item.unidadeConsumo} ou ${item.unidadeCompra}`);
  }
  return accept({ consumo: toText(converted.quantidade), unidade: item.unidadeConsumo });
}
