import { type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';

/** Validates and normalises a body/query with a schema from @kith/contracts; 400 names each field. */
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.output<Schema>> {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown): z.output<Schema> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw AppError.validation(
      result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message })),
    );
  }
}

/** `@Body(validate(schema))` reads better than `new ZodValidationPipe(schema)` in controllers. */
export const validate = <Schema extends z.ZodType>(schema: Schema) => new ZodValidationPipe(schema);
