import { isId } from '@kith/contracts';
import { type PipeTransform } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';

/**
 * A path id, checked by contracts' id rule and handed on lower-case. Anything that is not an id
 * cannot name a row, so it is the same 404 as another user's id (and never reaches PostgreSQL).
 */
export class ParseIdPipe implements PipeTransform<string, string> {
  constructor(private readonly resource: string) {}

  transform(value: string): string {
    if (!isId(value)) throw AppError.notFound(this.resource);
    return value.toLowerCase();
  }
}

/** `@Param('id', parseId('Contact'))`. */
export const parseId = (resource: string) => new ParseIdPipe(resource);
