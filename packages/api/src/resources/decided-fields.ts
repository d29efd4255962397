import { z } from 'zod';

// Body fields whose schema holds presence and type only: the decider checks the value and names
// the field at fault, in the wording the specification gives. The description still tells
// clients (and contract tools generating requests) the format or the values accepted.

/** Text the decider reads as a uuid. */
export const uuidText = () => z.string().meta({ format: 'uuid' });

/** Text the decider reads as a date, AAAA-MM-DD. */
export const dateText = () => z.string().meta({ format: 'date' });

/** Text the decider accepts only as one of `values`. */
export const oneOfText = (values: readonly string[]) => z.string().meta({ enum: [...values] });
