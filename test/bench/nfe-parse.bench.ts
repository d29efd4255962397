import { generateNfe, parseNfe } from '@factory/nfe';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type BenchContext, ratioLine } from './support/bench-context.js';

/**
 * Parse and map time of a 990-item NF-e (issue 19 §7; target under 50 ms), against a bare
 * fast-xml-parser parse of the same text in the same run (the floor: what reading the tree alone
 * costs, without the DTD refusal, the well-formedness validation, the checks and the mapping;
 * the validation's own time is printed too).
 * Two documents: one with the layout's full item tags and taxes (~560 KB, more than a request
 * body may carry) and a minimal `enxuto` one that fits the 256 KB body. Medians of alternated rounds after a
 * warm-up. Nothing is asserted; the database this runner gives is not used.
 */
const ROUNDS = 40;
const WARMUP = 5;

/** Full: every layout tag, freight, ST and IPI on each item. Enxuto: the least an item needs. */
const items = (count: number, enxuto: boolean) =>
  Array.from({ length: count }, (_, i) =>
    enxuto
      ? {
          cProd: `P${i + 1}`,
          xProd: 'Insumo',
          uCom: 'CX',
          qCom: `${(i % 50) + 1}.25`,
          vUnCom: `${(i % 7) + 1}.12`,
        }
      : {
          cProd: `P-${i + 1}`,
          xProd: `Insumo ${i + 1}`,
          ncm: '72085100',
          cfop: '5101',
          uCom: 'CX',
          qCom: `${(i % 50) + 1}.2500`,
          vUnCom: `${(i % 7) + 1}.1234567891`,
          vFrete: '1.10',
          icms: { vICMS: '2.40', vICMSST: '0.50' },
          vIPI: '0.75',
        },
  );

const invoice = (enxuto: boolean) =>
  generateNfe({
    emitente: { cnpj: '11222333000181', crt: 3 },
    destinatarioCnpj: '58716523000119',
    numero: 990,
    emitidaEm: '2026-03-02T10:00:00-03:00',
    itens: items(990, enxuto),
    enxuto,
  }).xml;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

function time(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** The process's CPU time for `work`, in ms: what the machine's load moves much less than wall time. */
function cpu(work: () => unknown): number {
  const started = process.cpuUsage();
  work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

export async function run(ctx: BenchContext): Promise<void> {
  const bare = new XMLParser({ ignoreAttributes: false });
  for (const enxuto of [false, true]) {
    const xml = invoice(enxuto);
    const ours: number[] = [];
    const floor: number[] = [];
    const validation: number[] = [];
    const ourCpu: number[] = [];
    const floorCpu: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const parsed = time(() => {
        if (!parseNfe(xml).ok) throw new Error('the benchmark invoice was refused');
      });
      const baseline = time(() => bare.parse(xml));
      const validating = time(() => XMLValidator.validate(xml));
      const parsedCpu = cpu(() => parseNfe(xml));
      const baselineCpu = cpu(() => bare.parse(xml));
      if (round >= WARMUP) {
        ourCpu.push(parsedCpu);
        floorCpu.push(baselineCpu);
        ours.push(parsed);
        floor.push(baseline);
        validation.push(validating);
      }
    }
    const label = enxuto ? 'enxuto' : 'full';
    ctx.log(
      `  990 items, ${label} (${(Buffer.byteLength(xml) / 1024).toFixed(0)} KB): parseNfe median ${median(ours).toFixed(1)} ms (target < 50 ms), bare fast-xml-parser ${median(floor).toFixed(1)} ms`,
    );
    ctx.log(`  of which the well-formedness validation alone: ${median(validation).toFixed(1)} ms`);
    ctx.log(
      `  CPU time: parseNfe ${median(ourCpu).toFixed(1)} ms, bare parse ${median(floorCpu).toFixed(1)} ms`,
    );
    ctx.log(ratioLine(`parseNfe / bare parse (${label})`, median(ours), median(floor)));
  }
}
