import { eu } from '@factory/api';
import { defineRoute, formatInstant } from '@factory/http';

/** GET /v1/eu: the calling token and its company. */
export const euRoute = defineRoute({
  ...eu,
  handler: async ({ auth }) => ({
    empresa: {
      id: auth.empresa.id,
      nome: auth.empresa.nome,
      cnpj: auth.empresa.cnpj,
      fuso: auth.empresa.fuso,
      hora_virada: auth.empresa.horaVirada,
      sku_prefixo: auth.empresa.skuPrefixo,
      regime_tributario: auth.empresa.regimeTributario,
      contribuinte_ipi: auth.empresa.contribuinteIpi,
    },
    token: {
      prefixo: auth.prefixo,
      nome: auth.nome,
      escopos: [...auth.escopos],
      expira_em: auth.expiraEm ? formatInstant(auth.expiraEm) : null,
      limite_por_minuto: auth.limits.perToken,
      limite_empresa_por_minuto: auth.limits.perCompany,
    },
  }),
});
