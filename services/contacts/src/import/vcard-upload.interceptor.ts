import { extname } from 'node:path';
import type { Writable } from 'node:stream';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { ErrorCode, IMPORT_ALLOWED_EXTENSIONS, IMPORT_FILE_FIELD, IMPORT_MAX_FILE_BYTES } from '@kith/contracts';
import { AppError, ByteLimit, declaresMoreThan, writeErrorResponse } from '@kith/nest-kit';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';

/** Worded like the import dialog's own check. */
const fileTooLarge = () =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `File is larger than ${IMPORT_MAX_FILE_BYTES} bytes`);

const onlyOneFile = () =>
  AppError.validation([
    { field: IMPORT_FILE_FIELD, message: `Attach one .vcf or .vcard file as ${IMPORT_FILE_FIELD}, and nothing else` },
  ]);

/** The whole multipart body: the file plus its part headers and boundaries. */
export const MAX_UPLOAD_REQUEST_BYTES = IMPORT_MAX_FILE_BYTES + 64 * 1024;

/**
 * Feeds the body to the multipart parser through a byte count, so a body sent chunked (no
 * Content-Length) is refused with 413 as soon as it passes the limit, not once it all arrived.
 * A part beyond the one file is refused as soon as it starts, too (multer itself would answer
 * only once the whole body had been received and dropped).
 */
function countedBody(req: Request, parser: Writable): void {
  const limit = new ByteLimit(MAX_UPLOAD_REQUEST_BYTES, () => {
    const error = fileTooLarge();
    writeErrorResponse(req, req.res!, error);
    parser.destroy(error);
  });
  for (const event of ['partsLimit', 'filesLimit', 'fieldsLimit'])
    parser.once(event, () => writeErrorResponse(req, req.res!, onlyOneFile()));
  req.pipe(limit).pipe(parser);
}

/**
 * One .vcf/.vcard file of at most 5 MB, kept in memory only (nothing is written to disk), and
 * nothing else: a text field, a second file or any other part is refused.
 */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 0, fieldSize: 0, parts: 1, headerPairs: 20 },
  // multer 2.4+ option, not yet in @types/multer.
  ...({ streamHandler: countedBody } as object),
  fileFilter: (_request, file, accept) => {
    const allowed = (IMPORT_ALLOWED_EXTENSIONS as readonly string[]).includes(extname(file.originalname).toLowerCase());
    if (allowed) accept(null, true);
    else
      accept(
        new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `File type must be ${IMPORT_ALLOWED_EXTENSIONS.join(' or ')}`),
      );
  },
}).single(IMPORT_FILE_FIELD);

function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof multer.MulterError) return error.code === 'LIMIT_FILE_SIZE' ? fileTooLarge() : onlyOneFile();
  // busboy: not multipart/form-data, a malformed part, a body cut short.
  return new AppError(ErrorCode.BAD_REQUEST, 'The upload is not a readable multipart/form-data body');
}

/**
 * Reads the upload into `req.file`. multer is called directly rather than through Nest's
 * FileInterceptor, which destroys the request when an answer goes out before the body is read:
 * that reset the connection under the 413 sent while a too-large body was still arriving.
 */
@Injectable()
export class VcardUpload implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (declaresMoreThan(req, MAX_UPLOAD_REQUEST_BYTES)) throw fileTooLarge();
    await new Promise<void>((resolve, reject) =>
      upload(req, http.getResponse<Response>(), (error?: unknown) => (error ? reject(uploadError(error)) : resolve())),
    );
    return next.handle();
  }
}
