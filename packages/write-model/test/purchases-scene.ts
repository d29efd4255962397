// A company that buys, on a test database, for the purchases write model's tests: its supplier,
// a supply item, and supplier invoices as the parser hands them over (NfeDocumento).
import { randomUUID } from 'node:crypto';
import type { NfeDocumento, NfeItem } from '@factory/domain';
import { createTenantFixture, randomCnpj, type TenantFixture } from '@factory/tenants/testing';
import type { TestDatabase } from '@factory/testing';
import { createCatalogWriteModel } from '../src/catalog/catalog-write-model.js';
import type { ReceberNotaInput } from '../src/purchases/receber-nota/receipt-inputs.js';
import type { WriteContext } from '../src/write-context.js';

export const NOW = new Date('2026-03-10T12:00:00.000Z');

export interface PurchasesWriteScene {
  tenant: TenantFixture;
  cnpj: string;
  supplierId: string;
  supplierCnpj: string;
  /** Bought in `cx` of 12 `un`. */
  insumoId: string;
  localId: string;
  context(key?: string | null): WriteContext;
  /** A receipt's input of one item of `qCom` boxes of code P-1, linked to the supply item. */
  receipt(fields?: { qCom?: string; pedido_id?: string; chave?: string }): ReceberNotaInput;
}

let invoiceNumber = 0;

export async function startPurchasesWriteScene(db: TestDatabase): Promise<PurchasesWriteScene> {
  const cnpj = randomCnpj();
  const tenant = await createTenantFixture(db.pool, { escopos: ['compras:escrever'], cnpj, now: NOW });
  const catalog = createCatalogWriteModel({ pool: db.pool });
  const context = (key: string | null = null): WriteContext => ({
    empresaId: tenant.empresaId,
    tokenId: tenant.tokenId,
    requestId: null,
    idempotencyKey: key,
    now: NOW,
  });
  const catalogContext = { ...context(), canReadCosts: true };
  const supplierCnpj = randomCnpj();
  const supplier = await catalog.fornecedoresLoteItem(catalogContext, {
    nome: 'Fornecedor',
    cnpj: supplierCnpj,
  });
  const item = await catalog.insumosLoteItem(catalogContext, {
    sku: `I-${randomUUID().slice(0, 8)}`,
    nome: 'Parafuso',
    unidade_compra: 'cx',
    unidade_consumo: 'un',
    fator_conversao: 12,
  });
  if (!supplier.ok || !item.ok) throw new Error('the scene’s catalog was refused');
  return {
    tenant,
    cnpj,
    supplierId: supplier.id,
    supplierCnpj,
    insumoId: item.id,
    localId: tenant.locais[0]!.id,
    context,
    receipt(fields = {}) {
      const qCom = fields.qCom ?? '10';
      const documentItem: NfeItem = {
        nItem: 1,
        cProd: 'P-1',
        xProd: 'Parafuso',
        ncm: null,
        cfop: null,
        uCom: 'CX',
        qCom,
        vUnCom: '12.5',
        vProd: String(Number(qCom) * 12.5),
        vFrete: '0',
        vSeg: '0',
        vOutro: '0',
        vDesc: '0',
        icms: {
          grupo: null,
          cst: null,
          csosn: null,
          vICMS: '0',
          vICMSST: '0',
          vFCPST: '0',
          vCredICMSSN: '0',
        },
        vIPI: '0',
        xPed: null,
      };
      const documento: NfeDocumento = {
        chave: fields.chave ?? `3526031122233300018155001${String(++invoiceNumber).padStart(18, '0')}0`,
        modelo: 55,
        serie: 1,
        numero: invoiceNumber,
        dhEmi: '2026-03-09T10:00:00-03:00',
        tpAmb: 1,
        emit: { cnpj: supplierCnpj, crt: 3 },
        dest: { cnpj },
        vNF: documentItem.vProd,
        itens: [documentItem],
      };
      return {
        documento,
        local_id: tenant.locais[0]!.id,
        vinculos: [{ n_item: 1, insumo_id: item.id }],
        ...(fields.pedido_id ? { pedido_id: fields.pedido_id } : {}),
        empresaCnpj: cnpj,
        perfil: { regimeTributario: 'simples', contribuinteIpi: false },
      };
    },
  };
}
