import { z } from 'zod';
import { ErrorCode } from '../error-codes.js';

/** The API envelope as schemas; envelope.ts derives its types from these. */

export const fieldErrorSchema = z.object({
  field: z.string().meta({ description: 'The field path, e.g. `firstName` or `contacts.3.email`' }),
  message: z.string(),
});

export const apiFailureSchema = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: 'A message for people; for a validation error it names the field' }),
    code: z.enum(ErrorCode),
    details: z.array(fieldErrorSchema).optional(),
  })
  .meta({ description: 'Every error of the API, with the HTTP status of its code' });

/** `{ success: true, data }` around a route's payload. */
export const apiSuccessSchema = <Data extends z.ZodType>(data: Data) => z.object({ success: z.literal(true), data });
