import type { z } from 'zod';
import type { ApiRouteSchemaTable } from './catalogue.js';
import type { ApiRouteTable, OperationId } from './table.js';

/**
 * What a client sends to and gets from each operation, read off the catalogue's zod schemas:
 * the types of the web client's `call(operationId, request)`.
 */

type ParamNames<Path> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type SchemasOf<Id extends OperationId> = ApiRouteSchemaTable[Id];

/** A query value as the URL carries it: its wire form, or the parsed value (a number, a boolean) written out. */
type QueryValue<Input, Output> = unknown extends Input ? Output : Input | Output;
type QueryOf<Schema> = Schema extends z.ZodObject
  ? {
      [Key in keyof z.input<Schema>]?: QueryValue<
        z.input<Schema>[Key],
        Key extends keyof z.output<Schema> ? z.output<Schema>[Key] : never
      >;
    }
  : never;

/** The `{name}` parameters of the operation's path, each a string. */
export type OperationParams<Id extends OperationId> = Record<ParamNames<ApiRouteTable[Id]['path']>, string>;
export type OperationQuery<Id extends OperationId> =
  SchemasOf<Id> extends { query: infer Query } ? QueryOf<Query> : never;
/** The JSON body as the client sends it (the schema's input: defaults may be left out). */
export type OperationBody<Id extends OperationId> =
  SchemasOf<Id> extends { body: infer Body extends z.ZodType } ? z.input<Body> : never;
/** The `data` of the success envelope (never for an operation that answers a file or bare JSON). */
export type OperationAnswer<Id extends OperationId> = z.output<
  Extract<SchemasOf<Id>['answers'][number], { data: z.ZodType }>['data']
>;

/** Params, query and body, each present exactly when the operation has them. */
export type OperationRequest<Id extends OperationId> = ([ParamNames<ApiRouteTable[Id]['path']>] extends [never]
  ? { params?: never }
  : { params: OperationParams<Id> }) &
  ([OperationQuery<Id>] extends [never] ? { query?: never } : { query?: OperationQuery<Id> }) &
  ([OperationBody<Id>] extends [never] ? { body?: never } : { body: OperationBody<Id> });

/** Operations answering the JSON envelope, which the web client calls (files are downloaded instead). */
export type EnvelopedOperationId = {
  [Id in OperationId]: [OperationAnswer<Id>] extends [never] ? never : Id;
}[OperationId];
