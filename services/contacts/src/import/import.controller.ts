import { extname } from 'node:path';
import {
  Body,
  Controller,
  type CallHandler,
  type ExecutionContext,
  HttpCode,
  Inject,
  PayloadTooLargeException,
  Post,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ErrorCode,
  IMPORT_ALLOWED_EXTENSIONS,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_FILE_BYTES,
  importConfirmSchema,
} from '@kith/contracts';
import { type AccessTokenClaims, AppError, CurrentUser, validate } from '@kith/nest-kit';
import multer from 'multer';
import type { z } from 'zod';
import { ImportService } from './import.service.js';

/** One .vcf/.vcard file of at most 5 MB, kept in memory only (nothing is written to disk). */
const MulterVcardUpload = FileInterceptor(IMPORT_FILE_FIELD, {
  storage: multer.memoryStorage(),
  limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1 },
  fileFilter: (_request, file, accept) => {
    const allowed = (IMPORT_ALLOWED_EXTENSIONS as readonly string[]).includes(extname(file.originalname).toLowerCase());
    if (allowed) accept(null, true);
    else
      accept(
        new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `File type must be ${IMPORT_ALLOWED_EXTENSIONS.join(' or ')}`),
        false,
      );
  },
});

/** The upload interceptor, with the size error worded like the import dialog's own check. */
class VcardUpload extends MulterVcardUpload {
  override async intercept(context: ExecutionContext, next: CallHandler) {
    try {
      return await super.intercept(context, next);
    } catch (error) {
      if (!(error instanceof PayloadTooLargeException)) throw error;
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `File is larger than ${IMPORT_MAX_FILE_BYTES} bytes`);
    }
  }
}

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
