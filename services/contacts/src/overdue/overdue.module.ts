import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { OverdueController } from './overdue.controller.js';
import { OverdueRepository } from './overdue.repository.js';
import { OverdueService } from './overdue.service.js';

@Module({ imports: [ContactsModule], controllers: [OverdueController], providers: [OverdueService, OverdueRepository] })
export class OverdueModule {}
