/** The schema a projection's version is built in while it is not live (`projecao_estoque_v2`). */
export const versionSchema = (projection: string, versao: number): string =>
  `projecao_${projection}_v${versao}`;

/** The checkpoint of a version built beside the live one (the swap renames it to the live name). */
export const shadowCheckpointName = (projection: string, versao: number): string =>
  `${projection}@${versionSchema(projection, versao)}`;
