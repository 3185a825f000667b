import { z } from 'zod';

/** spec 2 §7 `setup-apps`: the tour flag of one app. */
export const SetupTourSchema = z.strictObject({ app: z.string(), show_tour: z.boolean() }).meta({ id: 'SetupTour' });
export type SetupTour = z.infer<typeof SetupTourSchema>;
