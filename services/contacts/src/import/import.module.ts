import { Module } from '@nestjs/common';
import { ImportController } from './import.controller.js';
import { ImportRepository } from './import.repository.js';
import { ImportService } from './import.service.js';

@Module({ controllers: [ImportController], providers: [ImportService, ImportRepository] })
export class ImportModule {}
