import type { RecebimentoBody } from '@factory/api';
import { type AuthContext, refusalError } from '@factory/http';
import { parseNfe } from '@factory/nfe';
import type { ReceberNotaInput } from '@factory/write-model';

/**
 * A receipt's body as the write model takes it: the document read and its checks 1 to 3 run
 * (compras.md's order, the first failure refused as 422 naming `xml` or `aceitar_homologacao`),
 * with the company's CNPJ and tax profile from the token's company (@factory/tenants' record).
 */
export function parsedReceipt(body: RecebimentoBody, auth: AuthContext): ReceberNotaInput {
  const parsed = parseNfe(body.xml, { aceitarHomologacao: body.aceitar_homologacao === true });
  if (!parsed.ok) throw refusalError(parsed.error);
  return {
    documento: parsed.value,
    local_id: body.local_id,
    ...(body.pedido_id == null ? {} : { pedido_id: body.pedido_id }),
    ...(body.vinculos == null ? {} : { vinculos: body.vinculos }),
    empresaCnpj: auth.empresa.cnpj,
    perfil: {
      regimeTributario: auth.empresa.regimeTributario,
      contribuinteIpi: auth.empresa.contribuinteIpi,
    },
  };
}
