import { describeAs } from '@factory/http';
import { z } from 'zod';

// Strings the service answers, each with its format. The schemas check the value (tests parse
// every example with them); the description says the format alone, as zod would otherwise add
// a long regular expression that only repeats what `date-time` and `date` already mean.

/** An instant as answered: ISO 8601 with its offset (`+00:00`, see formatInstant). */
export const instant = () =>
  describeAs(z.iso.datetime({ offset: true }), { type: 'string', format: 'date-time' });

/** A production day, AAAA-MM-DD. */
export const day = () => describeAs(z.iso.date(), { type: 'string', format: 'date' });
