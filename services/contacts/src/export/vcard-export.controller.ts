import { vcardExportQuerySchema } from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, validate } from '@kith/nest-kit';
import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import { VCardExportService } from './vcard-export.service.js';

@Controller('contacts')
export class VCardExportController {
  constructor(@Inject(VCardExportService) private readonly exports: VCardExportService) {}

  /** `?listId=` for one list, `?version=4.0` for vCard 4.0 (3.0 by default). */
  @Get('export.vcf')
  export(
    @CurrentUser() caller: AccessTokenClaims,
    @Query(validate(vcardExportQuerySchema)) query: z.output<typeof vcardExportQuerySchema>,
    @Res() response: Response,
  ): Promise<void> {
    return this.exports.streamTo(caller.userId, query, response);
  }
}
