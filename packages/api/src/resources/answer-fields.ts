import { cost, describeAs } from '@factory/http';
import { z } from 'zod';

// Strings the service answers, each with its format. The schemas check the value (tests parse
// every example with them); the description says the format alone, as zod would otherwise add
// a long regular expression that only repeats what `date-time` and `date` already mean.

/** An instant as answered: ISO 8601 with its offset (`+00:00`, see formatInstant). */
export const instant = () =>
  describeAs(z.iso.datetime({ offset: true }), { type: 'string', format: 'date-time' });

/** A production day, AAAA-MM-DD. */
export const day = () => describeAs(z.iso.date(), { type: 'string', format: 'date' });

/**
 * Money in reais, `null` for a token without `custos:ler`. The description says what it is and,
 * where the service rounds it, to how many places, as the specification does.
 */
export const money = (description: string) => cost(z.number().nullable().meta({ description }));

/** A percentage written as a fraction, as the specification's conventions say. */
export const fraction = () => z.number().meta({ description: 'Fração: 0,05 é 5 %.' });
