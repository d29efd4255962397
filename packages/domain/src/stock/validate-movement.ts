import type { Refusal, RegistrarMovimento } from './commands.js';
import { isInternal, validation } from './commands.js';
import type { MovimentoRegistrado } from './events.js';
import { type Dec, MAX_ABS_INPUT, parseDecimal, roundCost, TOO_LARGE } from './money.js';

type RegisterType = MovimentoRegistrado['data']['tipo'];

/** Sign each movement type demands of `quantidade`: +1 positive, -1 negative, 0 either. */
const SIGN: Record<RegisterType, 1 | -1 | 0> = {
  entrada_manual: 1,
  ajuste: 0,
  perda: -1,
  saldo_inicial: 1,
  entrada_nfe: 1,
  baixa_producao: -1,
};

/** The movement types a client registers; the others are the service's own (NF-e, production, reversal). */
export const TIPOS_MOVIMENTO_CLIENTE = ['entrada_manual', 'ajuste', 'perda', 'saldo_inicial'] as const;
const INTERNAL_TYPES = ['entrada_nfe', 'baixa_producao'] as const;

export const MAX_REFERENCIA = 200;
export const MAX_MOTIVO = 500;

export type ValidMovement = {
  tipo: RegisterType;
  quantidade: Dec;
  custoUnitario: Dec | null;
  custoUnitarioBruto: Dec | null;
};

/** Checks the command's own fields, in the order of the body; the first problem wins. */
export function validateMovement(data: RegistrarMovimento['data']): ValidMovement | Refusal {
  const internal = isInternal(data.origem);
  const tipo = data.tipo as RegisterType;
  if (!(TIPOS_MOVIMENTO_CLIENTE as readonly string[]).includes(tipo)) {
    if (!(INTERNAL_TYPES as readonly string[]).includes(tipo)) {
      return validation('tipo', `tipo deve ser um de: ${TIPOS_MOVIMENTO_CLIENTE.join(', ')}`);
    }
    if (!internal) return validation('tipo', `tipo ${tipo} é reservado a processos internos`);
  }
  if (data.local_id.length === 0) return validation('local_id', 'local_id é obrigatório');

  const quantidade = amount(data.quantidade);
  if (quantidade === 'invalid') return validation('quantidade', 'quantidade deve ser um número');
  if (quantidade === 'too_large') return validation('quantidade', `quantidade ${TOO_LARGE}`);
  if (quantidade.isZero()) return validation('quantidade', 'quantidade não pode ser zero');
  if (SIGN[tipo] === 1 && quantidade.isNegative()) {
    return validation('quantidade', `quantidade deve ser positiva para ${tipo}`);
  }
  if (SIGN[tipo] === -1 && quantidade.isPositive()) {
    return validation('quantidade', `quantidade deve ser negativa para ${tipo}`);
  }

  const custoUnitario = cost(data.custo_unitario);
  if (typeof custoUnitario === 'string') {
    return validation('custo_unitario', `custo_unitario ${COST_MESSAGE[custoUnitario]}`);
  }
  if (custoUnitario !== null && quantidade.isNegative()) {
    return validation('custo_unitario', 'custo_unitario só é aceito em quantidades positivas');
  }
  const custoUnitarioBruto = cost(data.custo_unitario_bruto);
  if (custoUnitarioBruto !== null && !internal) {
    return validation('custo_unitario_bruto', 'custo_unitario_bruto é reservado a processos internos');
  }
  if (typeof custoUnitarioBruto === 'string') {
    return validation('custo_unitario_bruto', `custo_unitario_bruto ${COST_MESSAGE[custoUnitarioBruto]}`);
  }
  if (custoUnitarioBruto !== null && custoUnitario === null) {
    return validation('custo_unitario_bruto', 'custo_unitario_bruto exige custo_unitario');
  }

  if (data.referencia != null && data.referencia.length > MAX_REFERENCIA) {
    return validation('referencia', `referencia deve ter no máximo ${MAX_REFERENCIA} caracteres`);
  }
  if (data.motivo != null && data.motivo.length > MAX_MOTIVO) {
    return validation('motivo', `motivo deve ter no máximo ${MAX_MOTIVO} caracteres`);
  }
  return { tipo, quantidade, custoUnitario, custoUnitarioBruto };
}

function amount(input: unknown): Dec | 'invalid' | 'too_large' {
  const value = parseDecimal(input);
  if (value === null) return 'invalid';
  return value.abs().gt(MAX_ABS_INPUT) ? 'too_large' : value;
}

const COST_MESSAGE: Record<'invalid' | 'too_large', string> = {
  invalid: 'deve ser um número maior ou igual a zero',
  too_large: TOO_LARGE,
};

/** Absent: null; present: a decimal >= 0, rounded to COST_SCALE places. */
function cost(input: unknown): Dec | null | 'invalid' | 'too_large' {
  if (input === undefined || input === null) return null;
  const value = amount(input);
  if (typeof value === 'string') return value;
  return value.lt(0) ? 'invalid' : roundCost(value);
}
