import { z } from 'zod';

/** vCard versions the export writes (RFC 2426 and RFC 6350); 3.0 is what most address books expect. */
export const VCARD_VERSIONS = ['3.0', '4.0'] as const;
export type VCardVersion = (typeof VCARD_VERSIONS)[number];
export const DEFAULT_VCARD_VERSION: VCardVersion = '3.0';

/** `GET /api/contacts/export.vcf?listId=&version=` */
export const vcardExportQuerySchema = z.object({
  listId: z
    .uuid('listId must be a list id')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((value) => value ?? null),
  version: z
    .enum(VCARD_VERSIONS, { error: `version must be ${VCARD_VERSIONS.join(' or ')}` })
    .default(DEFAULT_VCARD_VERSION),
});
