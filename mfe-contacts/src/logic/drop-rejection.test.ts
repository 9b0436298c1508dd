import { describe, expect, it } from '@jest/globals';
import { dropRejectionMessages } from './drop-rejection.js';

describe('drop-zone rejections', () => {
  it("read as the spec words them, not react-dropzone's '5 MB'", () => {
    expect(
      dropRejectionMessages([
        { errors: [{ code: 'file-too-large', message: 'File is larger than 5 MB' }] },
        {
          errors: [
            { code: 'file-invalid-type', message: 'File type must be one of text/vcard' },
            { code: 'too-many-files', message: 'Too many files' },
          ],
        },
        { errors: [{ code: 'file-too-large', message: 'File is larger than 5 MB' }] },
      ]),
    ).toEqual(['File is larger than 5242880 bytes', 'File type must be .vcf or .vcard', 'Too many files']);
  });
});
