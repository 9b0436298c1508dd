import { IMPORT_ALLOWED_EXTENSIONS, IMPORT_MAX_FILE_BYTES } from '@kith/contracts';

/** A react-dropzone rejection reason (its error codes are stable; its messages are not the spec's). */
export interface DropError {
  code: string;
  message: string;
}

/** The drop zone's messages: 'File type must be ...', 'File is larger than N bytes', 'Too many files'. */
export function dropRejectionMessage(error: DropError): string {
  switch (error.code) {
    case 'file-too-large':
      return `File is larger than ${IMPORT_MAX_FILE_BYTES} bytes`;
    case 'file-invalid-type':
      return `File type must be ${IMPORT_ALLOWED_EXTENSIONS.join(' or ')}`;
    case 'too-many-files':
      return 'Too many files';
    default:
      return error.message;
  }
}

/** The distinct messages of every rejected file, in the order first seen. */
export function dropRejectionMessages(rejections: { errors: readonly DropError[] }[]): string[] {
  return [...new Set(rejections.flatMap((rejection) => rejection.errors.map(dropRejectionMessage)))];
}
