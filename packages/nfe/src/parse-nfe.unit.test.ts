import { describe, expect, it } from 'vitest';
import { anInvoice, anItem, COMPANY_CNPJ, manyItems, SUPPLIER_CNPJ, spedNfe } from '../test/nfe-fixture.js';
import { parseNfe } from './parse-nfe.js';

const refusal = (xml: string, aceitarHomologacao = true) => {
  const result = parseNfe(xml, { aceitarHomologacao });
  if (result.ok || result.error.kind !== 'validation') throw new Error('expected a validation refusal');
  return result.error;
};

describe('a real authorised layout-4.00 invoice (sped-nfe)', () => {
  const xml = spedNfe('nfe_layout4_com_prot.xml');

  it('parses with aceitar_homologacao, every field the contract needs mapped as written', () => {
    const result = parseNfe(xml, { aceitarHomologacao: true });
    expect(result).toEqual({
      ok: true,
      value: {
        chave: '43180906929383000163550010000000261000010301',
        modelo: 55,
        serie: 1,
        numero: 26,
        dhEmi: '2018-09-25T00:00:00-03:00',
        tpAmb: 2,
        emit: { cnpj: '06929383000163', crt: 1 },
        dest: { cnpj: '58716523000119' },
        vNF: '500.00',
        itens: [
          {
            nItem: 1,
            cProd: '11007',
            xProd: 'UM PRODUTO TESTE QUALQUER',
            ncm: '64011000',
            cfop: '6101',
            uCom: 'UN',
            qCom: '10.0000',
            vUnCom: '50',
            vProd: '500.00',
            vFrete: '0',
            vSeg: '0',
            vOutro: '0',
            vDesc: '0',
            icms: {
              grupo: 'ICMSSN202',
              cst: null,
              csosn: '202',
              vICMS: '0',
              vICMSST: '0.00',
              vFCPST: '0',
              vCredICMSSN: '0',
            },
            vIPI: '0',
            xPed: null,
          },
        ],
      },
    });
  });

  it('is refused without aceitar_homologacao (tpAmb 2), on that field', () => {
    expect(refusal(xml, false)).toMatchObject({ kind: 'validation', campo: 'aceitar_homologacao' });
  });

  it('is refused once its chNFe is changed', () => {
    const changed = xml.replace(
      '<chNFe>43180906929383000163550010000000261000010301</chNFe>',
      '<chNFe>43180906929383000163550010000000261000010310</chNFe>',
    );
    expect(changed).not.toBe(xml);
    expect(refusal(changed)).toEqual({
      kind: 'validation',
      campo: 'xml',
      mensagem: 'a chNFe do protocolo difere da chave de acesso em infNFe/@Id',
    });
  });
});

describe('other real documents', () => {
  it('refuses the older layout-3.10 nfeProc (check 1)', () => {
    expect(refusal(spedNfe('2017protocoled.xml'))).toEqual({
      kind: 'validation',
      campo: 'xml',
      mensagem: 'a NF-e deve ser do layout 4.00 (versao 3.10 recebida)',
    });
  });

  it('refuses a 4.00 document whose anonymised key fails its check digit (check 2)', () => {
    expect(refusal(spedNfe('nfe_4.0.xml'))).toEqual({
      kind: 'validation',
      campo: 'xml',
      mensagem: 'o dígito verificador da chave de acesso não confere',
    });
  });
});

describe('check 1: the document itself', () => {
  it('refuses a DOCTYPE or entity declaration before parsing, never expanding it', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><nfeProc>&lol2;</nfeProc>';
    expect(refusal(bomb).mensagem).toBe('o XML não pode ter DOCTYPE nem declaração de entidade');
    expect(refusal(anInvoice().xml.replace('<nfeProc', '<!ENTITY x "y"><nfeProc')).campo).toBe('xml');
  });

  it('refuses XML that is not well formed', () => {
    const { xml } = anInvoice();
    expect(refusal(xml.replace('</infNFe>', '</infNF>')).mensagem).toMatch(/^o XML não é bem formado/);
    expect(refusal('não é xml').campo).toBe('xml');
    expect(refusal('').campo).toBe('xml');
  });

  it('refuses what XML forbids and the validator lets through: undeclared entities, illegal characters, two roots', () => {
    const { xml } = anInvoice();
    const withName = (name: string) =>
      xml.replace('<xProd>Chapa de aço 2mm</xProd>', `<xProd>${name}</xProd>`);
    expect(refusal(withName('A &foo; B')).mensagem).toBe(
      'o XML tem uma referência que não é de um caractere válido nem uma entidade predefinida: &foo;',
    );
    expect(refusal(withName('A &#0; B')).campo).toBe('xml');
    expect(refusal(withName('A &#xD800; B')).campo).toBe('xml');
    expect(refusal(withName('A \u0000 B')).mensagem).toBe(
      'o XML tem um caractere que o XML não admite (U+0000)',
    );
    expect(refusal(withName('A \uD800 B')).mensagem).toBe(
      'o XML tem um caractere que o XML não admite (U+D800)',
    );
    expect(refusal(`${xml}<outro/>`).mensagem).toBe('o XML deve ter um só elemento raiz');
    const fine = parseNfe(withName('A &amp; B &#65;&#x1F600; 😀 <![CDATA[&x; <y>]]>'));
    expect(fine.ok && fine.value.itens[0]?.xProd).toBe('A & B A😀 😀&x; <y>');
  });

  it('refuses nesting deeper than any invoice', () => {
    const deep = `${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}`;
    expect(refusal(deep).campo).toBe('xml');
  });

  it('refuses a layout other than 4.00 in the envelope or the invoice, or none', () => {
    const { xml } = anInvoice();
    expect(refusal(xml.replace(/(<infNFe Id="NFe\d+") versao="4.00"/, '$1 versao="3.10"')).mensagem).toBe(
      'a NF-e deve ser do layout 4.00 (versao 3.10 recebida)',
    );
    expect(
      refusal(xml.replace('<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">', '<nfeProc>'))
        .mensagem,
    ).toBe('a NF-e deve ser do layout 4.00 (versao ausente recebida)');
  });

  it('refuses a bare NFe (no nfeProc), another model, more than 990 items', () => {
    const { xml } = anInvoice();
    const bare = xml.slice(xml.indexOf('<NFe>'), xml.indexOf('</NFe>') + 6);
    expect(refusal(bare).mensagem).toBe('o XML deve ser um nfeProc: a NF-e autorizada com seu protNFe');
    expect(refusal(xml.replace('<mod>55</mod>', '<mod>65</mod>')).mensagem).toBe(
      'a NF-e deve ser do modelo 55 (modelo 65 recebido)',
    );
    expect(parseNfe(anInvoice({ itens: manyItems(990) }).xml).ok).toBe(true);
    expect(refusal(anInvoice({ itens: manyItems(991) }).xml).mensagem).toBe(
      'a NF-e tem 991 itens; o máximo é 990',
    );
  });

  it('refuses a malformed or missing field, naming it, and keeps decimals as text', () => {
    const { xml } = anInvoice({ itens: [anItem({ qCom: '1.12345' })] });
    expect(refusal(xml).mensagem).toMatch(
      /^det nItem 1: prod\/qCom deve ser um decimal não negativo com até 4 casas/,
    );
    const negative = anInvoice().xml.replace('<vUnCom>12.5</vUnCom>', '<vUnCom>-12.5</vUnCom>');
    expect(refusal(negative).mensagem).toMatch(/prod\/vUnCom/);
    expect(refusal(anInvoice({ itens: [anItem({ qCom: '0.0000' })] }).xml).mensagem).toBe(
      'det nItem 1: prod/qCom deve ser maior que zero',
    );
    const noCode = anInvoice().xml.replace('<cProd>P-100</cProd>', '');
    expect(refusal(noCode).mensagem).toBe('det nItem 1: prod/cProd ausente');
    const precise = parseNfe(anInvoice({ itens: [anItem({ qCom: '3.3333', vUnCom: '0.1234567891' })] }).xml);
    expect(precise.ok && precise.value.itens[0]).toMatchObject({
      qCom: '3.3333',
      vUnCom: '0.1234567891',
      vProd: '0.41',
    });
  });
});

describe('check 2: the protocol', () => {
  const { xml, chave } = anInvoice();

  it('refuses a document without protNFe', () => {
    const unprotocoled = `${xml.slice(0, xml.indexOf('<protNFe'))}</nfeProc>`;
    expect(refusal(unprotocoled).mensagem).toBe('a NF-e não tem protNFe (protocolo de autorização)');
  });

  it('refuses a protocol that does not authorise (cStat other than 100 or 150)', () => {
    expect(refusal(xml.replace('<cStat>100</cStat>', '<cStat>110</cStat>')).mensagem).toBe(
      'o protocolo não autoriza a NF-e (cStat 110; autorizada é 100 ou 150)',
    );
    expect(parseNfe(xml.replace('<cStat>100</cStat>', '<cStat>150</cStat>')).ok).toBe(true);
  });

  it('refuses a key whose check digit fails, even when chNFe equals it', () => {
    const wrong = `${chave.slice(0, 43)}${(Number(chave[43]) + 1) % 10}`;
    expect(refusal(xml.replaceAll(chave, wrong)).mensagem).toBe(
      'o dígito verificador da chave de acesso não confere',
    );
  });

  it('refuses a key of the wrong length or with letters outside the issuer CNPJ', () => {
    expect(refusal(xml.replaceAll(chave, chave.slice(0, 43))).mensagem).toMatch(
      /^a chave de acesso deve ter 44/,
    );
    const lettered = `A${chave.slice(1)}`;
    expect(refusal(xml.replaceAll(chave, lettered)).mensagem).toMatch(/^a chave de acesso deve ter 44/);
  });
});

describe('the generator', () => {
  it('writes an invoice that parses back to what it was given, totals added up', () => {
    const generated = anInvoice({
      tpAmb: 1,
      itens: [
        anItem({
          vFrete: '3.10',
          vDesc: '1.00',
          vIPI: '6.25',
          icms: { vICMS: '22.50', vICMSST: '4.00', vFCPST: '0.50' },
        }),
        anItem({ cProd: 'P&<2>', xPed: '17', qCom: '2', vUnCom: '0.3333333333' }),
      ],
    });
    const parsed = parseNfe(generated.xml);
    if (!parsed.ok) throw new Error(parsed.error.mensagem);
    expect(parsed.value.chave).toBe(generated.chave);
    expect(parsed.value.emit).toEqual({ cnpj: SUPPLIER_CNPJ, crt: 3 });
    expect(parsed.value.dest).toEqual({ cnpj: COMPANY_CNPJ });
    // 125.00 + 3.10 - 1.00 + 6.25 + 4.00 + 0.50 + 0.67
    expect(parsed.value.vNF).toBe('138.52');
    expect(generated.vNF).toBe('138.52');
    expect(parsed.value.itens[0]).toMatchObject({
      vFrete: '3.10',
      vDesc: '1.00',
      vIPI: '6.25',
      icms: { grupo: 'ICMS10', cst: '10', vICMS: '22.50', vICMSST: '4.00', vFCPST: '0.50' },
    });
    expect(parsed.value.itens[1]).toMatchObject({ cProd: 'P&<2>', xPed: '17', vProd: '0.67' });
  });

  it('writes a 990-item invoice that fits the 256 KB request body when enxuto, and parses', () => {
    const itens = Array.from({ length: 990 }, (_, i) =>
      anItem({ cProd: `P${i}`, xProd: 'Item', ncm: undefined, cfop: undefined }),
    );
    const { xml } = anInvoice({ itens, enxuto: true });
    expect(Buffer.byteLength(JSON.stringify({ xml }))).toBeLessThan(262_144);
    const parsed = parseNfe(xml);
    expect(parsed.ok && parsed.value.itens).toHaveLength(990);
  });

  it('uses the Simples Nacional groups for a CRT 1 issuer', () => {
    const parsed = parseNfe(
      anInvoice({
        emitente: { cnpj: SUPPLIER_CNPJ, crt: 1 },
        itens: [anItem({ icms: { vCredICMSSN: '2.10' } })],
      }).xml,
    );
    expect(parsed.ok && parsed.value.itens[0]?.icms).toMatchObject({
      grupo: 'ICMSSN101',
      csosn: '101',
      vCredICMSSN: '2.10',
    });
  });
});
