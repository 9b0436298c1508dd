import { Body, Controller, HttpCode, Inject, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { IMPORT_FILE_FIELD, importConfirmSchema } from '@kith/contracts';
import { type AccessTokenClaims, AppError, CurrentUser, validate } from '@kith/nest-kit';
import type { z } from 'zod';
import { ImportService } from './import.service.js';
import { VcardUpload } from './vcard-upload.interceptor.js';

@Controller('contacts/import')
export class ImportController {
  constructor(@Inject(ImportService) private readonly imports: ImportService) {}

  @Post('parse')
  @HttpCode(200)
  @UseInterceptors(VcardUpload)
  parse(@CurrentUser() user: AccessTokenClaims, @UploadedFile() file: Express.Multer.File | undefined) {
    if (!file)
      throw AppError.validation([
        { field: IMPORT_FILE_FIELD, message: `${IMPORT_FILE_FIELD} is required: attach one .vcf or .vcard file` },
      ]);
    return this.imports.parse(user.userId, file.buffer);
  }

  @Post('confirm')
  @HttpCode(200)
  confirm(
    @CurrentUser() user: AccessTokenClaims,
    @Body(validate(importConfirmSchema)) body: z.output<typeof importConfirmSchema>,
  ) {
    return this.imports.confirm(user.userId, body);
  }
}
