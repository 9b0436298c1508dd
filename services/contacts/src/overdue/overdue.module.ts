import { Module } from '@nestjs/common';
import { OverdueController } from './overdue.controller.js';
import { OverdueRepository } from './overdue.repository.js';
import { OverdueService } from './overdue.service.js';

@Module({ controllers: [OverdueController], providers: [OverdueService, OverdueRepository] })
export class OverdueModule {}
