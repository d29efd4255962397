import { ALL_SCOPES, CNPJ_DIGITS, REGIMES_TRIBUTARIOS, SKU_PREFIX, TURN_HOUR } from '@factory/domain';
import { declareRoute } from '@factory/http';
import { z } from 'zod';
import { instant } from '../resources/answer-fields.js';
import { oneOfText } from '../resources/decided-fields.js';

const euResponse = z.object({
  empresa: z.object({
    id: z.uuid(),
    nome: z.string(),
    cnpj: z.string().regex(CNPJ_DIGITS),
    fuso: z.string(),
    hora_virada: z.string().regex(TURN_HOUR),
    sku_prefixo: z.string().regex(SKU_PREFIX),
    regime_tributario: z.enum(REGIMES_TRIBUTARIOS),
    contribuinte_ipi: z.boolean(),
  }),
  token: z.object({
    prefixo: z.string(),
    nome: z.string(),
    escopos: z.array(oneOfText(ALL_SCOPES)),
    expira_em: instant().nullable(),
    limite_por_minuto: z.number().int(),
    limite_empresa_por_minuto: z.number().int(),
  }),
});

/** GET /v1/eu: the calling token and its company. */
export const eu = declareRoute({
  method: 'GET',
  url: '/v1/eu',
  scope: 'qualquer',
  summary: 'A empresa e o token da chamada',
  response: euResponse,
  examples: {
    response: {
      empresa: {
        id: '4d3c2b1a-0f9e-4d8c-8b7a-6f5e4d3c2b1a',
        nome: 'Confecções Exemplo Ltda',
        cnpj: '11222333000181',
        fuso: 'America/Sao_Paulo',
        hora_virada: '05:00',
        sku_prefixo: 'CEX',
        regime_tributario: 'simples',
        contribuinte_ipi: false,
      },
      token: {
        prefixo: 'svc_live_Xq3fK9mZp2',
        nome: 'ERP',
        escopos: ['estoque:ler', 'estoque:escrever', 'produtos:ler'],
        expira_em: null,
        limite_por_minuto: 120,
        limite_empresa_por_minuto: 300,
      },
    },
  },
});
