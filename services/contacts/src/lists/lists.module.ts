import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { ListsController } from './lists.controller.js';
import { ListsRepository } from './lists.repository.js';
import { ListsService } from './lists.service.js';

@Module({
  imports: [ContactsModule],
  controllers: [ListsController],
  providers: [ListsService, ListsRepository],
  exports: [ListsRepository],
})
export class ListsModule {}
