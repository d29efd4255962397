const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuid columns: anything else cannot match a row (and must not reach SQL as one). */
export const isUuid = (value: string): boolean => UUID.test(value);
