import type { z } from 'zod';
import { messageResponseSchema } from '../../entities.js';
import type { ApiRouteEntry } from './route.js';

/** An answer other than an error envelope: the success envelope, bare JSON, another medium, or none. */
export type ApiAnswer =
  /** `{ success: true, data }` around `data`. */
  | { status: number; description?: string; data: z.ZodType }
  /** JSON without the envelope (health reports, the account export, configuration). */
  | { status: number; description: string; json: z.ZodType }
  /** Another medium (vCard, iCalendar, HTML...), or no body when `media` is absent. */
  | { status: number; description: string; media?: string[]; headers?: Record<string, string> };

/** What a route takes and answers, and what the document says of it. */
export interface ApiRouteSchemas {
  summary: string;
  description?: string;
  /** Path parameters that are not ids (every other `{name}` is a uuid: anything else is a 404). */
  pathParams?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  /** A JSON body, validated by this schema. */
  body?: z.ZodType;
  /** A multipart/form-data upload of one file in this field. */
  upload?: { field: string; description: string };
  /** The success answers (usually one). */
  answers: ApiAnswer[];
  /** Error envelopes beyond those `errorStatusesOf` gives every route of its kind, with why. */
  errors?: [status: number, description: string][];
}

/** The schemas of exactly the routes of one `.routes.ts` table. */
export type RouteSchemasOf<Routes extends Record<string, ApiRouteEntry>> = { [Id in keyof Routes]: ApiRouteSchemas };

/** The usual `{ message }` answer. */
export const message = (status = 200, description?: string) => ({ status, description, data: messageResponseSchema });
