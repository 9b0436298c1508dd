import { Module } from '@nestjs/common';
import { VCardExportController } from './vcard-export.controller.js';
import { VCardExportRepository } from './vcard-export.repository.js';
import { VCardExportService } from './vcard-export.service.js';

/** `GET /contacts/export.vcf`; registered before ContactsModule so `/contacts/:id` does not take it. */
@Module({ controllers: [VCardExportController], providers: [VCardExportService, VCardExportRepository] })
export class VCardExportModule {}
