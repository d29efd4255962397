import { z } from 'zod';

// Values an NF-e fixes the form of (layout 4.00), as the invoice resources answer them and the
// invoice list filters on them.

/** The access key: 44 characters, digits or, in the issuer's CNPJ part, capital letters. */
export const chaveAcesso = () => z.string().regex(/^[0-9A-Z]{44}$/);

/** A CNPJ as the NF-e writes it: 12 digits or capital letters, then 2 check digits. */
export const cnpjNfe = () => z.string().regex(/^[0-9A-Z]{12}[0-9]{2}$/);

/** A CFOP: four digits. */
export const cfop = () => z.string().regex(/^[0-9]{4}$/);
