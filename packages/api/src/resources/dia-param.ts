import { isValidDia } from '@factory/domain';
import { z } from 'zod';

/** A production day parameter: a real date written AAAA-MM-DD. */
export const diaParam = z.string().refine(isValidDia, 'data AAAA-MM-DD').meta({ format: 'date' });
